import type { CommandDescriptor } from '@agent-chat/protocol';
import type { AgentChatAdapter } from '../../context/adapter.js';
import type { SuggestionOffer } from '../../context/suggestions.js';
import { format, type AgentChatStrings } from '../../i18n/strings.js';
import { commandSuggestions, mentionSuggestions, toMentionGroups } from './suggestions.js';

/** Where the choices for a token come from. */
export interface LookUpSource {
  /** The commands usable now: the composer asks the server once per `/` word and keeps the answer. */
  commands(): Promise<readonly CommandDescriptor[]>;
  /** The host's adapter, whose `mentionables` offers the `@` items. */
  adapter: AgentChatAdapter | undefined;
  strings: Pick<AgentChatStrings, 'noMatch' | 'commandsUnavailable' | 'mentionsUnavailable'>;
}

/**
 * What the list offers for a `/command` or `@mention` word typed so far (`query`): no list (undefined) for a `/`
 * nothing matches (a path like "/usr", or a server without commands) or an `@` when the host offers no items.
 */
export async function lookUp(kind: 'command' | 'mention', query: string, source: LookUpSource): Promise<SuggestionOffer | undefined> {
  const t = source.strings;
  if (kind === 'command') {
    try {
      const groups = commandSuggestions(await source.commands(), query);
      return groups.length ? { groups } : undefined;
    } catch (error) {
      return unavailable(t.commandsUnavailable, error);
    }
  }
  const adapter = source.adapter;
  if (!adapter?.mentionables) return undefined;
  try {
    const found = mentionSuggestions(toMentionGroups(await adapter.mentionables(query)), query);
    return { groups: found, note: found.length ? undefined : format(t.noMatch, { query: `@${query}` }) };
  } catch (error) {
    return unavailable(t.mentionsUnavailable, error);
  }
}

/** The list's note when its choices could not be had: `template` ("Commands unavailable: {message}") with why. */
function unavailable(template: string, error: unknown): SuggestionOffer {
  return { groups: [], note: format(template, { message: error instanceof Error ? error.message : String(error) }) };
}
