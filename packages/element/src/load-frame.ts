// Each frame is a chunk of its own (chunks/<frame>-frame.ts), loaded the first time an element lays itself out in
// it: a page uses one layout at a time, and none pays for the others. The tag is defined when its chunk arrives.
import { define } from './define-element.js';
import { retryable } from './load-once.js';

/** The frames that live in chunks, by what `AgentChat.frame` calls them. */
export type ChunkedFrame = 'floating' | 'docked' | 'drawer' | 'ephemeral';

const loaders: Record<ChunkedFrame, () => Promise<void>> = {
  floating: retryable(() => import('./chunks/floating-frame.js').then((module) => define(frameTag('floating'), module.FloatingFrame))),
  docked: retryable(() => import('./chunks/docked-frame.js').then((module) => define(frameTag('docked'), module.DockedFrame))),
  drawer: retryable(() => import('./chunks/drawer-frame.js').then((module) => define(frameTag('drawer'), module.DrawerFrame))),
  // The ephemeral frame is all conversation (an input bar and the output): nothing of it paints before the conversation.
  ephemeral: retryable(() => import('./chunks/ephemeral-frame.js').then((module) => define(frameTag('ephemeral'), module.EphemeralFrame))),
};

export function frameTag(frame: ChunkedFrame): string {
  return `agent-chat-${frame}-frame`;
}

/** Resolves once the frame's tag is defined. */
export function loadFrame(frame: ChunkedFrame): Promise<void> {
  return loaders[frame]();
}

/** The frame's tag is defined: it can be drawn now. */
export function frameReady(frame: ChunkedFrame): boolean {
  return customElements.get(frameTag(frame)) !== undefined;
}
