// The CommonMark spec's examples, read from the `commonmark-spec` package's spec.txt (0.31.2). The package's own
// `tests` export reads the file with Node's fs, which the browser has not; so the browser fetches the same file from
// the test runner's static server and splits it here, into the same numbers, sections, markdown and HTML as the
// package's `tests` (compared example by example when this was written; the test asserts the count, 652).

export interface SpecExample {
  /** The example's number in its spec (as the spec's HTML and its test tools number it). */
  number: number;
  /** The heading the example sits under. */
  section: string;
  markdown: string;
  /** The HTML the spec expects. */
  html: string;
}

/** An example's opening and closing fence: 32 backticks. */
const FENCE = '`'.repeat(32);

/**
 * Splits a spec text into its examples. The spec writes tabs as `→` so that they show; they are tabs again here,
 * in the markdown and in the HTML, as the spec's own test runner does.
 */
export function specExamples(text: string): SpecExample[] {
  const examples: SpecExample[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let section = '';
  let part: 'markdown' | 'html' | undefined;
  let markdown: string[] = [];
  let html: string[] = [];
  for (const line of lines) {
    if (line === '<!-- END TESTS -->') break;
    if (part === undefined) {
      if (line.startsWith(FENCE) && line.slice(FENCE.length).trim().startsWith('example')) {
        part = 'markdown';
        markdown = [];
        html = [];
        continue;
      }
      const heading = /^#{1,6} *(.*)$/.exec(line);
      if (heading) section = heading[1]!;
      continue;
    }
    if (line === FENCE) {
      examples.push({
        number: examples.length + 1,
        section,
        markdown: withTabs(markdown),
        html: withTabs(html),
      });
      part = undefined;
    } else if (part === 'markdown' && line === '.') {
      part = 'html';
    } else {
      (part === 'markdown' ? markdown : html).push(line);
    }
  }
  return examples;
}

function withTabs(lines: string[]): string {
  return lines.map((line) => `${line}\n`).join('').replace(/→/g, '\t');
}

/** The CommonMark 0.31.2 examples, from the installed `commonmark-spec` package (served by the test runner). */
export async function commonMarkExamples(): Promise<SpecExample[]> {
  const response = await fetch('/node_modules/commonmark-spec/spec.txt');
  if (!response.ok) throw new Error(`commonmark-spec/spec.txt: HTTP ${response.status}`);
  return specExamples(await response.text());
}
