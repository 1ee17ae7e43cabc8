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
    return value && typeof value === 'object' ? sanitize(value as Record<string, unknown>) : {};
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

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isRect = (value: unknown): boolean => {
  const rect = value as Partial<Rect> | null;
  return !!rect && [rect.x, rect.y, rect.width, rect.height].every(isNumber);
};

/** What each layout's part may hold, and how a well-formed value looks. */
const FIELDS: Record<keyof FrameMemory, Record<string, (value: unknown) => boolean>> = {
  floating: { open: isBoolean, rect: isRect },
  docked: { open: isBoolean, width: isNumber },
};

/** Only well-formed values are used: a hand-edited or corrupted entry must not put the panel off screen. */
function sanitize(memory: Record<string, unknown>): FrameMemory {
  const result: Record<string, Record<string, unknown>> = {};
  for (const [layout, fields] of Object.entries(FIELDS)) {
    const part = memory[layout] as Record<string, unknown> | null;
    if (part && typeof part === 'object') {
      result[layout] = Object.fromEntries(Object.keys(fields).filter((field) => fields[field]!(part[field])).map((field) => [field, part[field]]));
    }
  }
  return result;
}
