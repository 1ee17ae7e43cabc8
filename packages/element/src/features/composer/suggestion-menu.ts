import type { CaretToken } from './caret-token.js';
import type { Suggestion, SuggestionGroup } from '../../context/suggestions.js';

/** The composer's autocomplete list while it is open: for which token, what it offers, and which option is active. */
export interface Menu {
  token: CaretToken;
  groups: SuggestionGroup[];
  active: number;
  /** Said instead of options: no match, or why there are none. */
  note: string | undefined;
}

export function optionCount(menu: Menu): number {
  return menu.groups.reduce((sum, group) => sum + group.options.length, 0);
}

export function optionAt(menu: Menu, index: number): Suggestion | undefined {
  return menu.groups.flatMap((group) => group.options)[index];
}

/** A token by its kind and place: the list closed with Escape stays closed while the user types on in it. */
export function tokenKey(token: CaretToken): string {
  return `${token.kind}:${token.start}`;
}
