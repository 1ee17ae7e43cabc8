import { mentionText } from '../../core/mention-tokens.js';
import type { Suggestion } from '../../context/suggestions.js';

/** Where the word typed for a suggestion is: from its `/` or `@` to the caret. */
export interface TypedWord {
  start: number;
  end: number;
}

/** The text with the picked option in place of the word typed for it (`/stage `, `@Revenue `), and where the caret goes. */
export function withPick(text: string, word: TypedWord, option: Suggestion): { text: string; caret: number } {
  return replaceToken(text, word, option.kind === 'command' ? `/${option.command.name} ` : `${mentionText(option.item)} `);
}

/** The text with the token replaced, and where the caret goes. */
export function replaceToken(text: string, token: TypedWord, replacement: string): { text: string; caret: number } {
  const after = text.slice(token.end);
  // One space between the replacement and what follows, never two; the caret goes after it either way.
  const spaced = replacement.endsWith(' ') && after.startsWith(' ') ? replacement.slice(0, -1) : replacement;
  return { text: text.slice(0, token.start) + spaced + after, caret: token.start + replacement.length };
}
