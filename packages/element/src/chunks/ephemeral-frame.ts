// The ephemeral frame's chunk: the shell asks for it (through features/registry.ts) when an element first lays
// itself out in that frame, and it defines the frame's tag. It imports the shell and the conversation first for
// the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { html } from 'lit';
import { define } from '../ui/define-element.js';
import { DEFAULT_HIDE_AFTER_MS } from '../ui/layout/ephemeral-state.js';
import type { FrameView } from '../context/frame-view.js';
import { EphemeralFrame } from '../features/frames/ephemeral-frame.js';

define('agent-chat-ephemeral-frame', EphemeralFrame);

export const view: FrameView = (frame) =>
  html`<agent-chat-ephemeral-frame
    exportparts="header, title, output, input-bar, show-output, dismiss-button, clear-button"
    .open=${frame.open}
    .hideAfter=${frame.hideAfter || DEFAULT_HIDE_AFTER_MS}
    .heading=${frame.heading}
    @frame-toggle=${frame.toggle}
    >${frame.content}</agent-chat-ephemeral-frame
  >`;
