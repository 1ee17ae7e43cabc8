// The docked frame's chunk, asked for by the shell (through features/registry.ts) after a docked page's first
// paint, which its stand-in made; it defines the frame's tag. It imports the shell, then the stand-in, first for
// the bundle's sake: see README.md here.
import '../register.js';
import './docked-stand-in.js';
import { html } from 'lit';
import { define } from '../define-element.js';
import type { FrameView } from '../load-frame.js';
import { DockedFrame } from '../frames/docked-frame.js';

define('agent-chat-docked-frame', DockedFrame);

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
