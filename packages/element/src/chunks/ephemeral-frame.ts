// The ephemeral frame's chunk (load-frame.ts). It imports the shell first for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';
import { html } from 'lit';
import { DEFAULT_HIDE_AFTER_MS } from '../layout/ephemeral-state.js';
import type { FrameView } from '../load-frame.js';

export { EphemeralFrame as element } from '../frames/ephemeral-frame.js';

export const view: FrameView = (shell, framed, heading, _unread, _strings, _storageKey, toggle) =>
  html`<agent-chat-ephemeral-frame
    exportparts="header, title, output, input-bar, show-output, dismiss-button, clear-button"
    .open=${shell.opened}
    .hideAfter=${shell.hideAfter || DEFAULT_HIDE_AFTER_MS}
    .heading=${heading}
    @frame-toggle=${toggle}
    >${framed}</agent-chat-ephemeral-frame
  >`;
