/**
 * The small text measures the offline stage services are built from. They stand in for the seed's LLM prompts:
 * deterministic, so the demo and its tests play the same every time.
 */

const STOPWORDS = new Set(
  (
    'a an and are as at be by do does for from has have here how in into is it its make makes more most not of on ' +
    'or so that the their them there these they this those to up us was we what when which who will with you your ' +
    'every each one lot than then instead'
  ).split(' '),
);

/** Sentences of a text, blank lines and sentence ends both count as breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The words that carry meaning, lowercased, for comparing what two texts talk about. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((word) => word.length > 2 && !STOPWORDS.has(word));
}

/** How much two texts share, 0 to 1 (Jaccard of their content words). */
export function overlap(a: string, b: string): number {
  const left = new Set(contentWords(a));
  const right = new Set(contentWords(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * A headline from a sentence: its first clause (cut at punctuation or a joining word), at most `maxWords` words,
 * never ending on a small word ("Here are five habits that" becomes "Here are five habits").
 */
export function headline(sentence: string, maxWords = 6): string {
  const clause = firstClause(sentence);
  const words = clause.split(/\s+/).slice(0, maxWords);
  while (words.length > 2 && STOPWORDS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  return capitalize(words.join(' '));
}

/** The sentence up to its first comma, colon, dash or joining word, when that leaves at least three words. */
export function firstClause(sentence: string): string {
  const plain = sentence.replace(/[.!?]+$/, '').trim();
  const cut = /[,:;—–]|\s-\s|\s(?:and|so|but|because|while)\s/.exec(plain);
  const head = cut ? plain.slice(0, cut.index).trim() : plain;
  return head.split(/\s+/).length >= 3 ? head : plain;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** At most `maxWords` words; an ellipsis says something was cut. */
export function clipWords(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/);
  return words.length <= maxWords ? text.trim() : `${words.slice(0, maxWords).join(' ').replace(/[,.;:]$/, '')}…`;
}

/** FNV-1a: a stable number from a text, for choices that must look varied yet repeat exactly. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The most frequent content words of a text, most frequent first (ties by first appearance). */
export function keywords(text: string, count: number): string[] {
  const tally = new Map<string, number>();
  for (const word of contentWords(text)) tally.set(word, (tally.get(word) ?? 0) + 1);
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([word]) => word);
}
