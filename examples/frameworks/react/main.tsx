import { defineAgentChat } from '@agent-chat/element';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

// Register <agent-chat> before React renders it: React sets a prop as a property only when the element already
// has that property, so an unregistered element would get `adapter` as the attribute "[object Object]".
defineAgentChat();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
