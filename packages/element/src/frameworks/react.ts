// React 19 typings for <agent-chat>, types only: `import type {} from '@agent-chat/element/react'` once in a
// project and `<agent-chat>` is checked in TSX. Nothing here runs, and nothing here is imported unless asked for,
// so a project without React never sees React's types.
//
// How React 19 passes props to a custom element (react-dom's setPropOnCustomElement, checked in Chromium by
// examples/test/frameworks.test.ts): a prop whose name is a property of the element (`'adapter' in el`) is set as
// that property, anything else as an attribute; a prop that starts with `on` and holds a function becomes
// `addEventListener(<the rest of the name, as written>)`. So the event props are `onagent-chat-run-finish`, not
// `onAgentChatRunFinish` (that would listen for "AgentChatRunFinish"). Register the element (defineAgentChat())
// before React renders it, or the properties land as attributes.
import type * as React from 'react';
import type { AgentChat } from '../agent-chat.js';
import type { AgentChatEvents, AgentChatProperties } from './properties.js';

/** `on<event name>` props, e.g. `onagent-chat-run-finish={(event) => event.detail.stopReason}`. */
export type AgentChatReactEventProps = {
  [K in keyof AgentChatEvents as `on${K}`]?: (event: AgentChatEvents[K]) => void;
};

/**
 * Everything `<agent-chat>` takes in TSX: its properties (`opened`, not the `open` attribute: React would
 * overwrite the element's `open()` method with it), its events, `ref` (to the element), children with `slot`,
 * and the usual HTML attributes (`className`, `style`, `id`, …).
 */
export type AgentChatReactProps = AgentChatProperties &
  AgentChatReactEventProps &
  Omit<React.HTMLAttributes<AgentChat>, keyof AgentChatProperties> &
  React.RefAttributes<AgentChat>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatReactProps;
    }
  }
}
