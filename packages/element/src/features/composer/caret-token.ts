/** The word being typed at the caret that opens a suggestion list: `/command` at the start, or `@mention`. */
export interface CaretToken {
  kind: 'command' | 'mention';
  /** Where the `/` or `@` is. */
  start: number;
  /** Where the word ends (the caret). */
  end: number;
  /** What follows the `/` or `@`, up to the caret. */
  query: string;
}

/**
 * The token at the caret, if any. A command only at the very start of the message (the server runs `/name`
 * only there); a mention after a space or at the start, so an e-mail address is not one.
 */
export function tokenAtCaret(text: string, caret: number): CaretToken | undefined {
  const before = text.slice(0, caret);
  const command = /^\/(\S*)$/.exec(before);
  if (command) return { kind: 'command', start: 0, end: caret, query: command[1]! };
  const mention = /(^|\s)@([^\s@]*)$/.exec(before);
  if (mention) {
    const start = mention.index + mention[1]!.length;
    return { kind: 'mention', start, end: caret, query: mention[2]! };
  }
  return undefined;
}
