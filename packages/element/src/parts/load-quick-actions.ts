// The quick-action chips (seed 000) are a chunk of their own (chunks/quick-actions.ts): only a host whose adapter
// offers `quickActions` loads them, so a plain text conversation does not.
import { html } from 'lit';
import { retryable } from '../load-once.js';

const load = retryable(() => import('../chunks/quick-actions.js'));

/** The chips under the input: the chunk's element, which upgrades when its chunk is in. */
// A failed load is an unhandled rejection the page's console shows, and the next render asks again.
export const quickActions = () => (load(), html`<agent-chat-quick-actions></agent-chat-quick-actions>`);
