import { html, nothing } from 'lit';
import type { UserTurn } from '@agent-chat/protocol';
import { need } from '../registry.js';
import { BUBBLE_PARTS } from '../../ui/parts.js';

/**
 * The user's message, with what they mentioned and attached under it: items as item chips, and uploads (thumbnails
 * or file chips, the host's items among them) as the attachments' sent files. Each is drawn by its tag, which
 * upgrades once the feature's chunk is in; `list` asks for it.
 */
export function userMessage(turn: UserTurn, list: HTMLElement) {
  const { references, attachments, action } = turn;
  // An act on a surface is a line of the a2ui chunk's ("You pressed Book"), not an empty bubble.
  if (action) {
    need('a2ui', list);
    return html`<agent-chat-a2ui .turn=${turn}></agent-chat-a2ui>`;
  }
  const uploads = attachments?.some((attachment) => 'uploadId' in attachment && Boolean(attachment.uploadId));
  if (references?.length || attachments?.length) need('item-chips', list);
  if (uploads) need('attachments', list);
  return html`<agent-chat-message exportparts=${BUBBLE_PARTS} sender="user" .text=${turn.text}></agent-chat-message>${references?.length
      ? html`<agent-chat-item-chips class="user-items" variant="reference" .items=${references}></agent-chat-item-chips>`
      : nothing}${attachments?.length
      ? uploads
        ? html`<agent-chat-files .files=${attachments}></agent-chat-files>`
        : html`<agent-chat-item-chips class="user-items" variant="attachment" .items=${attachments}></agent-chat-item-chips>`
      : nothing}`;
}
