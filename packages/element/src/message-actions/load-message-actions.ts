// The message actions (copy, retry, edit, branches, feedback) are a chunk of their own (chunks/message-actions.ts):
// the conversation's chunk carries only this, which asks for it once the page is idle after the first message shows.
import { html } from 'lit';
import { afterPaint, retryable } from '../load-once.js';
import type { TurnGroup } from '../steps/turn-steps.js';

const load = retryable(() => afterPaint().then(() => import('../chunks/message-actions.js')));

/** A group's action bars: the chunk's element, placed between the message and the reply, and (`reply`) after the reply. */
// A failed load is an unhandled rejection the page's console shows, and the next group drawn asks again.
export const messageActions = (group: TurnGroup, reply?: 1) => (load(), html`<agent-chat-message-actions .group=${group} .reply=${reply}></agent-chat-message-actions>`);
