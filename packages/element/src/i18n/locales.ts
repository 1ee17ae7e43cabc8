import type { AgentChatStrings } from './strings.js';

/**
 * Languages other than English, registered by the pages that want them so the script-tag bundle carries none.
 * The table lives on a global: a locale bundled apart from the element (a second script tag) must reach the
 * same one the element reads.
 */
const REGISTRY = Symbol.for('agent-chat.locales');
/** Fired on the global when a locale arrives, so an element already showing that language re-renders. */
export const LOCALE_REGISTERED = 'agent-chat-locale-registered';

type Registry = Map<string, Partial<AgentChatStrings>>;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** Makes `locale="<tag>"` use `table`; a key it lacks stays English. A later table for the tag replaces it. */
export function registerLocale(tag: string, table: Partial<AgentChatStrings>): void {
  registry().set(tag.toLowerCase(), table);
  if (typeof dispatchEvent === 'function') dispatchEvent(new Event(LOCALE_REGISTERED));
}

/** The table for a language tag: `fr-CA` finds `fr`; undefined for a language nobody registered. */
export function findLocale(locale: string | undefined): Partial<AgentChatStrings> | undefined {
  const tag = (locale ?? '').toLowerCase();
  return registry().get(tag) ?? registry().get(tag.split('-')[0] ?? '');
}
