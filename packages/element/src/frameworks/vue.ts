// Vue 3 typings for <agent-chat>, types only: `import type {} from '@agent-chat/element/vue'` once in a project
// and vue-tsc checks `<agent-chat :adapter="…" @agent-chat-run-finish="…">` in templates. Nothing here runs, and a
// project without Vue never loads it.
//
// At run time Vue needs to be told that agent-chat is a custom element (compilerOptions.isCustomElement); it then
// sets bound values as properties when the element has them (`'adapter' in el`), and `@agent-chat-run-finish`
// becomes addEventListener('agent-chat-run-finish'), as examples/frameworks/vue shows and tests.
import type { AllowedComponentProps, VNodeProps } from 'vue';
import type { AgentChat } from '../agent-chat.js';
import type { AgentChatEvents, AgentChatProperties } from './properties.js';

type Camelize<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camelize<Tail>>}` : S;

/** `@agent-chat-run-finish` as Vue's compiler names it: the `onAgentChatRunFinish` prop. */
export type AgentChatVueEventProps = {
  [K in keyof AgentChatEvents as `on${Capitalize<Camelize<K>>}`]?: (event: AgentChatEvents[K]) => void;
};

/** What `<agent-chat>` takes in a Vue template: its properties and its events (besides `class`, `style`, `key`, `ref`). */
export type AgentChatVueProps = AgentChatProperties & AgentChatVueEventProps & AllowedComponentProps & VNodeProps;

/**
 * The element as a Vue global component: the instance is the element itself (so `useTemplateRef` gives an
 * `AgentChat`), and `$props` is what vue-tsc checks the template's attributes and listeners against.
 */
export type AgentChatVueComponent = new () => AgentChat & {
  $props: AgentChatVueProps;
  $slots: { default?: () => unknown };
};

declare module 'vue' {
  interface GlobalComponents {
    'agent-chat': AgentChatVueComponent;
  }
}
