/** How the element lays itself out on the page. */
export type LayoutMode = 'inline' | 'floating' | 'docked' | 'ephemeral' | 'hidden';

/** What is on screen: the mode, except that floating and docked become a drawer on narrow screens. */
export type Frame = 'inline' | 'floating' | 'docked' | 'drawer' | 'ephemeral' | 'none';

/** The frame a mode shows, on a screen narrower than the element's breakpoint or not. */
export function frameOf(mode: LayoutMode, narrow: boolean): Frame {
  switch (mode) {
    case 'hidden':
      return 'none';
    case 'floating':
    case 'docked':
      return narrow ? 'drawer' : mode;
    case 'ephemeral':
      return 'ephemeral';
    default:
      return 'inline';
  }
}

/** The conversation is visible: inline, docked and expanded, or an open panel. Ephemeral shows its input bar always. */
export function showsConversation(frame: Frame, opened: boolean): boolean {
  return frame === 'inline' || frame === 'ephemeral' || (frame !== 'none' && opened);
}
