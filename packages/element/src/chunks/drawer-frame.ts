// The drawer's chunk: the shell asks for it (through features/registry.ts) when an element first lays itself out
// in that frame, and it defines the frame's tag. It imports the shell first for the bundle's sake: see README.md
// here.
import '../element/register.js';
import { html } from 'lit';
import { define } from '../ui/define-element.js';
import type { FrameView } from '../context/frame-view.js';
import { DrawerFrame } from '../features/frames/drawer-frame.js';

define('agent-chat-drawer-frame', DrawerFrame);

export const view: FrameView = (frame) =>
  html`<agent-chat-drawer-frame
    exportparts="panel, header, title, close-button, overlay"
    .open=${frame.open}
    .heading=${frame.heading}
    .strings=${frame.strings}
    @frame-toggle=${frame.toggle}
    >${frame.content}</agent-chat-drawer-frame
  >`;
