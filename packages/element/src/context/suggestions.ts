// What the autocomplete's chunk offers the composer: the composer draws the menu and the autocomplete finds its
// choices, two features in two chunks that meet in these types.
import type { CommandDescriptor, Item } from '@agent-chat/protocol';

/** One choice of the suggestion list. */
export type Suggestion =
  | { kind: 'command'; id: string; command: CommandDescriptor }
  | { kind: 'mention'; id: string; item: Item; group: string };

/** Suggestions under a heading; commands have one group without a heading. */
export interface SuggestionGroup {
  label: string;
  options: Suggestion[];
}

/** What the list shows for the token at the caret: its options, or a note said instead of them (no match, or why). */
export interface SuggestionOffer {
  groups: SuggestionGroup[];
  note?: string | undefined;
}
