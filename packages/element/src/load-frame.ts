// Each frame is a chunk of its own (chunks/<frame>-frame.ts), which the shell asks the feature registry for the
// first time an element lays itself out in it: a page uses one layout at a time, and none pays for the others. The
// chunk defines the frame's tag and brings its view.
import type { TemplateResult } from 'lit';
import type { AgentChat } from './agent-chat.js';
import type { ShellStrings } from './i18n/shell-strings.js';

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
