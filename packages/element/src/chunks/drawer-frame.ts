// The drawer's chunk (load-frame.ts). It imports the shell first for the bundle's sake: see README.md here.
import '../register.js';
import { html } from 'lit';
import type { FrameView } from '../load-frame.js';

export { DrawerFrame as element } from '../frames/drawer-frame.js';

export const view: FrameView = (shell, framed, heading, _unread, strings, _storageKey, toggle) =>
  html`<agent-chat-drawer-frame
    exportparts="panel, header, title, close-button, overlay"
    .open=${shell.opened}
    .heading=${heading}
    .strings=${strings}
    @frame-toggle=${toggle}
    >${framed}</agent-chat-drawer-frame
  >`;
