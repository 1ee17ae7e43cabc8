// The hooks the conversation keeps for files from the user: all the rest is the attachments chunk
// (chunks/attachments.ts), loaded by a composer whose adapter turns attachments on, or to show a message that has
// uploads. Each byte here is in every plain text conversation: keep it to these two.
import { html } from 'lit';
import type { Attachment } from '@agent-chat/protocol';
import { retryable } from '../load-once.js';

export const loadAttachments = retryable(() => import('../chunks/attachments.js'));

/**
 * A sent message's attachments when some are uploads, drawn by the chunk: thumbnails or file chips, and the host's
 * items among them as item chips. Undefined without uploads: the message list draws the host's items itself, as
 * before, and loads nothing.
 */
export function sentFiles(attachments: readonly (Attachment & { uploadId?: string })[]) {
  if (attachments.some((attachment) => attachment.uploadId)) {
    loadAttachments();
    return html`<agent-chat-files .files=${attachments}></agent-chat-files>`;
  }
}
