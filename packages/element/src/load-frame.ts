// Each frame is a chunk of its own (chunks/<frame>-frame.ts), loaded the first time an element lays itself out in
// it: a page uses one layout at a time, and none pays for the others. The tag is defined when its chunk arrives.
import type { TemplateResult } from 'lit';
import type { AgentChat } from './agent-chat.js';
import { define } from './define-element.js';
import type { ShellStrings } from './i18n/shell-strings.js';
import { retryable } from './load-once.js';

/** The frames that live in chunks, by what `AgentChat.frame` calls them. */
export type ChunkedFrame = 'floating' | 'docked' | 'drawer' | 'ephemeral';

/** How the shell draws a frame: its element, given the shell's state and what goes in it. Each chunk has its own. */
export type FrameView = (
  shell: AgentChat,
  framed: TemplateResult,
  heading: string,
  unread: number,
  strings: ShellStrings,
  storageKey: string,
  toggle: (event: CustomEvent<boolean>) => void,
) => TemplateResult;

interface FrameChunk {
  element: CustomElementConstructor;
  view: FrameView;
}

const views: Partial<Record<ChunkedFrame, FrameView>> = {};
const chunk = (frame: ChunkedFrame, load: () => Promise<FrameChunk>) =>
  retryable(() =>
    load().then((module) => {
      define(`agent-chat-${frame}-frame`, module.element);
      views[frame] = module.view;
    }),
  );

const loaders: Record<ChunkedFrame, () => Promise<void>> = {
  floating: chunk('floating', () => import('./chunks/floating-frame.js')),
  docked: chunk('docked', () => import('./chunks/docked-frame.js')),
  drawer: chunk('drawer', () => import('./chunks/drawer-frame.js')),
  // The ephemeral frame is all conversation (an input bar and the output): nothing of it paints before the conversation.
  ephemeral: chunk('ephemeral', () => import('./chunks/ephemeral-frame.js')),
};

type StandIn = typeof import('./chunks/docked-stand-in.js');
let standIn: StandIn | undefined;

/**
 * What a docked page paints before the docked frame's chunk arrives (frames/docked-stand-in.ts): loaded before
 * that first paint, while the frame comes after it.
 */
export const loadDockedStandIn = retryable(() =>
  import('./chunks/docked-stand-in.js').then((module) => {
    standIn = module;
  }),
);

/** The docked frame's stand-in, once its chunk is in. */
export function dockedStandIn(): StandIn | undefined {
  return standIn;
}

/** Resolves once the frame's tag is defined. */
export function loadFrame(frame: ChunkedFrame): Promise<void> {
  return loaders[frame]();
}

/** How to draw the frame, once its chunk is in. */
export function frameView(frame: ChunkedFrame): FrameView | undefined {
  return views[frame];
}
