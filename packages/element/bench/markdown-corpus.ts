// A long assistant reply in the markdown models write: sections with headings, paragraphs with emphasis,
// links, inline code and item references, nested and ordered lists, fenced code, tables, quotes, rules and
// hard line breaks. Deterministic, so the streaming tests and the benchmark measure the same text.

const WORDS = (
  'the board shows each finding with its owner and status while the agent reads the notes ' +
  'compares the estimates and proposes a plan that keeps the release on time without skipping review'
).split(' ');

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function section(n: number): string {
  const id = `F-${n}`;
  return [
    `## Section ${n}: findings for ${id}`,
    '',
    `${sentence(n, 14)} See [[${id}]] and [T-${n + 1}] for the details, **bold ${n}**, *em ${n}*, ` +
      `~~old ${n}~~ and \`code_${n}()\`. A [link ${n}](https://example.com/items/${n}?a=1&b=2 "Item ${n}") ` +
      `and a bare link https://example.org/${n}.`,
    '',
    `${sentence(n + 3, 22)} ${sentence(n + 5, 9)}`,
    `A second line after a single newline ${n},  `,
    `and a hard break above it.`,
    '',
    `1. First step for ${id}`,
    `2. Second step with \`inline\` code`,
    `   - nested point ${n}.a`,
    `   - nested point ${n}.b with **strong** text`,
    `     1. deeper ${n}`,
    `3. Third step`,
    '',
    `- [ ] open task ${n}`,
    `- [x] done task ${n}`,
    '',
    '```ts',
    `export function step${n}(input: number): number {`,
    `  const doubled = input * 2; // <b>not html</b> & not an entity &amp;`,
    `  return doubled + ${n};`,
    '}',
    '```',
    '',
    '| Item | Owner | Estimate |',
    '| :--- | :---: | ---: |',
    `| ${id} | Ana | ${n}h |`,
    `| T-${n + 1} | Bo *lead* | ${n + 2}h |`,
    '',
    `> ${sentence(n + 7, 12)}`,
    `> Quoted line two with [a link](/relative/${n}).`,
    '',
    '---',
    '',
  ].join('\n');
}

/** About `bytes` characters of markdown, whole sections only. */
export function markdownCorpus(bytes = 50_000): string {
  let text = `# A long reply\n\nIntro paragraph with *emphasis* and a reference [[F-0]].\n\n`;
  for (let n = 1; text.length < bytes; n++) text += section(n);
  return text;
}

/** The text cut into pieces of `size` characters, as a stream delivers it. */
export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
