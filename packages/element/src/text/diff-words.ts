/** One run of a word-level diff: text kept as it was, removed from the before, or added in the after. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * Past this many words on each side the full table (rows × columns) gets large for a chat card; the diff then
 * keeps the common start and end and shows the middle as one removal and one addition, which still reads well.
 */
const MAX_CELLS = 250_000;

/**
 * A word-level diff of two texts, for an edit's confirmation card. Words and the spaces after them are the units,
 * so a changed word is shown whole and the two texts are rebuilt exactly by joining the parts.
 * The longest common subsequence of the words decides what is kept.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);

  // The common start and end never need the table; trimming them keeps it small for typical edits.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    push(parts, 'removed', midA);
    push(parts, 'added', midB);
  } else {
    for (const [kind, word] of lcsDiff(midA, midB)) push(parts, kind, [word]);
  }
  push(parts, 'same', a.slice(endA));
  return parts;
}

/** Words with their trailing whitespace; leading whitespace is a unit of its own. */
function tokenize(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

function lcsDiff(a: readonly string[], b: readonly string[]): [DiffPart['kind'], string][] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  // lengths[i * cols + j]: the LCS length of a[i..] and b[j..], filled from the end so the walk below goes forward.
  const lengths = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * cols + j] =
        a[i] === b[j] ? lengths[(i + 1) * cols + j + 1]! + 1 : Math.max(lengths[(i + 1) * cols + j]!, lengths[i * cols + j + 1]!);
    }
  }
  const out: [DiffPart['kind'], string][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(['same', a[i]!]);
      i++;
      j++;
    } else if (lengths[(i + 1) * cols + j]! >= lengths[i * cols + j + 1]!) {
      out.push(['removed', a[i]!]);
      i++;
    } else {
      out.push(['added', b[j]!]);
      j++;
    }
  }
  while (i < a.length) out.push(['removed', a[i++]!]);
  while (j < b.length) out.push(['added', b[j++]!]);
  return out;
}

/** Adjacent words of one kind become one part, so the card renders a few spans rather than one per word. */
function push(parts: DiffPart[], kind: DiffPart['kind'], words: readonly string[]): void {
  if (words.length === 0) return;
  const text = words.join('');
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}
