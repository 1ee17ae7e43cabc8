/** A text's words, lowercased, without markdown and punctuation: what a reader hears. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
}

/**
 * The first phrase of two or more words said twice in a row, whatever stands between them in punctuation or markdown
 * ("**Keep cameras optional** — Keep cameras optional: …" gives "keep cameras optional"); undefined when there is none.
 */
export function repeatedPhrase(text: string): string | undefined {
  const words = wordsOf(text);
  for (let length = 2; length * 2 <= words.length; length++) {
    for (let at = 0; at + length * 2 <= words.length; at++) {
      const first = words.slice(at, at + length).join(' ');
      if (first === words.slice(at + length, at + length * 2).join(' ')) return first;
    }
  }
  return undefined;
}
