/** One run of a word-level diff: text kept as it was, removed from the before, or added in the after. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * A word-level diff of two texts, for an edit's confirmation card: the words both share at the start and at the
 * end are kept, the stretch between is shown removed then added. An edit proposed by an agent is most often
 * one stretch of change, and this reads well for it at any length; a longest-common-subsequence diff would mark
 * scattered changes apart, for 0.23 KB of the bundle's gzip budget and a table of words × words.
 * Words and the spaces after them are the units, so a changed word is shown whole and the two texts are rebuilt
 * exactly by joining the parts.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);

  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const parts: [DiffPart['kind'], string[]][] = [
    ['same', a.slice(0, start)],
    ['removed', a.slice(start, endA)],
    ['added', b.slice(start, endB)],
    ['same', a.slice(endA)],
  ];
  return parts.filter(([, words]) => words.length > 0).map(([kind, words]) => ({ kind, text: words.join('') }));
}

/** Words with their trailing whitespace; leading whitespace is a unit of its own. */
function tokenize(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}
