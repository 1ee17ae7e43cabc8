// The docked frame's chunk, asked for by the shell (through features/registry.ts) after a docked page's first
// paint, which its stand-in made; it defines the frame's tag. It imports the shell, then the stand-in, first for
// the bundle's sake: see README.md here.
import '../element/register.js';
import './docked-stand-in.js';
import { html } from 'lit';
import { define } from '../ui/define-element.js';
import type { FrameView } from '../context/frame-view.js';
import { DockedFrame } from '../features/frames/docked-frame.js';

define('agent-chat-docked-frame', DockedFrame);

export const view: FrameView = (frame) =>
  html`<agent-chat-docked-frame
    exportparts="panel, header, title, collapse-button, expand-button, resize-edge, strip, badge"
    .open=${frame.open}
    .side=${frame.side}
    .padBody=${frame.padBody}
    .unread=${frame.unread}
    .storageKey=${frame.storageKey}
    .heading=${frame.heading}
    .strings=${frame.strings}
    @frame-toggle=${frame.toggle}
    >${frame.content}</agent-chat-docked-frame
  >`;
