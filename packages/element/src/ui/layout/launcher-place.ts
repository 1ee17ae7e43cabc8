/** The corner of the window the launcher, and the floating panel above it, sit in. */
export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/** Where the launcher sits: this far from its corner's two edges (the shell places it, the floating panel opens above it). */
export const LAUNCHER_GAP = 24;
/** The launcher's width and height. */
export const LAUNCHER_SIZE = 56;
