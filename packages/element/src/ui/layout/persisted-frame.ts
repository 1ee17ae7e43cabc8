import type { Rect } from './rect.js';

/** What a frame remembers across reloads, per storage key: each layout its own part. */
export interface FrameMemory {
  floating?: { open?: boolean; rect?: Rect };
  docked?: { open?: boolean; width?: number };
}

const PREFIX = 'agent-chat:frame:';

/** The key a widget keeps its frame under: its `storage-key`, or one derived from its endpoint. */
export function frameStorageKey(storageKey: string | undefined, endpoint: string): string {
  return PREFIX + (storageKey || endpoint || 'default');
}

export function readFrameMemory(key: string): FrameMemory {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' ? sanitize(value as FrameMemory) : {};
  } catch {
    // Blocked storage or a value from an older version: start from the defaults.
    return {};
  }
}

/** Merge a change to one layout's part into what is stored. */
export function writeFrameMemory<L extends keyof FrameMemory>(key: string, layout: L, change: FrameMemory[L]): void {
  const current = readFrameMemory(key);
  try {
    localStorage.setItem(key, JSON.stringify({ ...current, [layout]: { ...current[layout], ...change } }));
  } catch {
    // Storage full or blocked: the frame works, it just won't be remembered.
  }
}

/** Only well-formed values are used: a hand-edited or corrupted entry must not put the panel off screen. */
function sanitize(memory: FrameMemory): FrameMemory {
  const result: FrameMemory = {};
  const floating = memory.floating;
  if (floating && typeof floating === 'object') {
    result.floating = {};
    if (typeof floating.open === 'boolean') result.floating.open = floating.open;
    const rect = floating.rect;
    if (rect && [rect.x, rect.y, rect.width, rect.height].every((n) => typeof n === 'number' && Number.isFinite(n))) {
      result.floating.rect = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }
  }
  const docked = memory.docked;
  if (docked && typeof docked === 'object') {
    result.docked = {};
    if (typeof docked.open === 'boolean') result.docked.open = docked.open;
    if (typeof docked.width === 'number' && Number.isFinite(docked.width)) result.docked.width = docked.width;
  }
  return result;
}
