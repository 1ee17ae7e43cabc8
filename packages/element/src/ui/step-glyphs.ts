import type { ToolStepState } from '../core/turns/display-items.js';

/**
 * What a finished step shows before its label (a tool chip, a sub-agent): glyphs rather than pictures, so they read
 * the same in every font and at every size. A running step shows the spinner instead.
 */
export const STEP_GLYPH: Readonly<Record<Exclude<ToolStepState, 'running'>, string>> = {
  done: '✓',
  failed: '✗',
  stopped: '■',
  interrupted: '–',
  waiting: '…',
};
