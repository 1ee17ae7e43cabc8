import { defineAgentChat } from '@agent-chat/element';
import { createApp } from 'vue';
import App from './App.vue';

// Register <agent-chat> before Vue mounts it, so Vue finds `adapter` etc. as properties and sets them as such.
// Vue itself is told that agent-chat is a custom element in the bundler's config (../bundle.ts: isCustomElement).
defineAgentChat();

createApp(App).mount('#app');
