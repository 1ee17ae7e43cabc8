// The hooks the conversation keeps for files from the user: all the rest is the attachments chunk
// (chunks/attachments.ts), loaded by a composer whose adapter turns attachments on, or to show a message that has
// attachments. Each byte here is in every plain text conversation: keep it to these two.
import { html } from 'lit';
import type { Attachment } from '@agent-chat/protocol';
import { retryable } from '../load-once.js';

export const loadAttachments = retryable(() => import('../chunks/attachments.js'));

/**
 * A sent message's attachments, drawn by the chunk: uploads as thumbnails or file chips, the host's items as the item
 * chips they always were (one element for both, so the message list keeps no second template for them).
 */
export function sentFiles(attachments: readonly Attachment[]) {
  loadAttachments();
  return html`<agent-chat-files .files=${attachments}></agent-chat-files>`;
}
