// What the shell and a frame know of each other. Each frame is a chunk of its own (chunks/<frame>-frame.ts), which the shell asks the feature registry for the
// first time an element lays itself out in it: a page uses one layout at a time, and none pays for the others. The
// chunk defines the frame's tag and brings its view.
import type { TemplateResult } from 'lit';
import type { Corner } from '../ui/layout/launcher-place.js';
import type { ShellStrings } from '../i18n/shell-strings.js';

/** The frames that live in chunks, by what `AgentChat.frame` calls them. */
export type ChunkedFrame = 'floating' | 'docked' | 'drawer' | 'ephemeral';

/** What the shell hands a frame's view: the element's layout settings, and what goes in the frame. */
export interface FrameProps {
  /** Open (floating, drawer), expanded (docked), showing its output (ephemeral). */
  open: boolean;
  position: Corner;
  side: 'left' | 'right';
  padBody: boolean;
  hideAfter: number;
  /** The conversation, and the header's slot for the page's actions. */
  content: TemplateResult;
  heading: string;
  unread: number;
  strings: ShellStrings;
  /** Where the frame remembers its place and size. */
  storageKey: string;
  /** Hears the frame's own open and close (its buttons, Escape). */
  toggle: (event: CustomEvent<boolean>) => void;
}

/** How the shell draws a frame: its element, with its properties and the parts it forwards. Each chunk has its own. */
export type FrameView = (frame: FrameProps) => TemplateResult;

/** What the docked frame's stand-in (drawn at a docked page's first paint) reads of the shell. */
export interface DockedShell {
  opened: boolean;
  side: string;
  padBody: boolean;
}
