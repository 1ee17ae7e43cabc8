// The docked frame's chunk (load-frame.ts), loaded after a docked page's first paint, which its stand-in made. It
// imports the shell, then the stand-in, first for the bundle's sake: see README.md here.
import '../register.js';
import './docked-stand-in.js';
import { html } from 'lit';
import type { FrameView } from '../load-frame.js';

export { DockedFrame as element } from '../frames/docked-frame.js';

export const view: FrameView = (shell, framed, heading, unread, strings, storageKey, toggle) =>
  html`<agent-chat-docked-frame
    exportparts="panel, header, title, collapse-button, expand-button, resize-edge, strip, badge"
    .open=${shell.opened}
    .side=${shell.side === 'left' ? 'left' : 'right'}
    .padBody=${shell.padBody}
    .unread=${unread}
    .storageKey=${storageKey}
    .heading=${heading}
    .strings=${strings}
    @frame-toggle=${toggle}
    >${framed}</agent-chat-docked-frame
  >`;
