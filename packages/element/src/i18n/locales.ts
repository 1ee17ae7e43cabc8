import type { ElementStrings } from './strings.js';

/**
 * Languages other than English, registered by the pages that want them so the script-tag bundle carries none.
 * The table lives on a global: a locale bundled apart from the element (a second script tag) must reach the
 * same one the element reads.
 */
const REGISTRY = Symbol.for('agent-chat.locales');
/** Fired on the global when a locale arrives, so an element already showing that language re-renders. */
export const LOCALE_REGISTERED = 'agent-chat-locale-registered';

type Registry = Map<string, Partial<ElementStrings>>;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** Makes `locale="<tag>"` use `table`; a key it lacks stays English. A later table for the tag replaces it. */
export function registerLocale(tag: string, table: Partial<ElementStrings>): void {
  registry().set(tag.toLowerCase(), table);
  if (typeof dispatchEvent === 'function') dispatchEvent(new Event(LOCALE_REGISTERED));
}

/** The table for a language tag: `fr-CA` finds `fr`; undefined for a language nobody registered. */
export function findLocale(locale: string | undefined): Partial<ElementStrings> | undefined {
  const tag = (locale ?? '').toLowerCase();
  return registry().get(tag) ?? registry().get(tag.split('-')[0] ?? '');
}

/**
 * `base` (English) under the registered table of `locale` (if any), under a host's overrides. Only `base`'s keys,
 * and only strings: a host's typo or a stray value must not break rendering. `base` itself when nothing changes it.
 */
export function resolveTable<T extends Record<string, string>>(base: T, locale: string | undefined, overrides: Partial<Record<string, unknown>> | undefined): T {
  const table = findLocale(locale);
  if (!table && !overrides) return base;
  const merged = { ...base };
  for (const key of Object.keys(base) as (keyof T & string)[]) {
    const value = [overrides?.[key], table?.[key as keyof ElementStrings]].find((text) => typeof text === 'string');
    if (value !== undefined) merged[key] = value as T[typeof key];
  }
  return merged;
}
