// The floating frame's chunk (load-frame.ts). It imports the shell first for the bundle's sake: see README.md here.
import '../register.js';
import { html } from 'lit';
import type { FrameView } from '../load-frame.js';

export { FloatingFrame as element } from '../frames/floating-frame.js';

export const view: FrameView = (shell, framed, heading, _unread, strings, storageKey, toggle) =>
  html`<agent-chat-floating-frame
    exportparts="panel, header, title, close-button, resize-handle"
    .open=${shell.opened}
    .position=${shell.position}
    .storageKey=${storageKey}
    .heading=${heading}
    .strings=${strings}
    @frame-toggle=${toggle}
    >${framed}</agent-chat-floating-frame
  >`;
