// The thread view (`<agent-chat threads>`) is a chunk of its own (chunks/thread-list.ts): a page without `threads`
// loads none of it, and one with it loads it along with the conversation, whose header it sits in.
import { html, type TemplateResult } from 'lit';
import { define } from './define-element.js';
import { retryable } from './load-once.js';

const loadThreadList = retryable(() =>
  import('./chunks/thread-list.js').then((module) => define('agent-chat-thread-list', module.ThreadList)),
);

/**
 * The thread view's element: it puts itself in the frame's header (or, inline, atop the panel) and forwards its
 * parts once its chunk has defined it, so the conversation's chunk carries no more of it than this tag.
 */
export function threadsView(): TemplateResult {
  loadThreadList().catch((error: unknown) => console.error('[agent-chat] the thread view could not load:', error));
  return html`<agent-chat-thread-list></agent-chat-thread-list>`;
}
