// One measurement of markdown cases through the assistant bubble: each case rendered streamed and at once
// (bubble-render.ts), normalized (markdown-normalize.ts) and compared with the HTML it should give.
import { markdownRoot, markup, renderBothWays } from './bubble-render.js';
import { expectedCharacters, normalizeExpected, normalizeRendered, readableCharacters, type NormalizeOptions } from './markdown-normalize.js';

export interface Case {
  /** How failures and the accepted-failure lists name the case, e.g. `CommonMark 123`, `GFM 199`. */
  id: string;
  markdown: string;
  /** The HTML the case should render to (a spec's expected output, or ours). */
  html: string;
}

export interface Outcome {
  case: Case;
  /** The expected HTML, normalized. */
  expected: string;
  /** The streamed reply's DOM, normalized. */
  actual: string;
  pass: boolean;
  /** The final DOM of the streamed reply is the DOM of the same text rendered at once (markup, not normalized). */
  sameWhenStreamed: boolean;
  streamedMarkup: string;
  onceMarkup: string;
  /** Texts that only a rendering bug shows: `[object Object]`, `undefined` (when the markdown has neither). */
  garbage: string[];
  /** Letters and digits of the expected output that the reader cannot find in ours (each as often as it is missing). */
  lostText: string;
}

export interface MeasureOptions extends NormalizeOptions {
  allowImages?: boolean;
  pieceSize?: number;
  /** Cases rendered side by side in one pass. */
  batch?: number;
}

const GARBAGE = ['[object Object]', 'undefined'];

export async function measure(cases: readonly Case[], options: MeasureOptions = {}): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const batch = options.batch ?? 120;
  for (let start = 0; start < cases.length; start += batch) {
    const slice = cases.slice(start, start + batch);
    const host = document.createElement('div');
    document.body.append(host);
    const rendered = await renderBothWays(
      slice.map((c) => c.markdown),
      host,
      { allowImages: options.allowImages ?? false, pieceSize: options.pieceSize ?? 20 },
    );
    rendered.forEach(({ streamed, once }, i) => {
      const c = slice[i]!;
      const expected = normalizeExpected(c.html, options);
      const actual = normalizeRendered(markdownRoot(streamed), options);
      const streamedMarkup = markup(streamed);
      const onceMarkup = markup(once);
      const garbage = GARBAGE.filter((text) => !c.markdown.includes(text) && (streamedMarkup.includes(text) || onceMarkup.includes(text)));
      outcomes.push({
        case: c,
        expected,
        actual,
        pass: expected === actual,
        sameWhenStreamed: streamedMarkup === onceMarkup,
        streamedMarkup,
        onceMarkup,
        garbage,
        lostText: missing(expectedCharacters(c.html), readableCharacters(markdownRoot(streamed))).join(''),
      });
    });
    host.remove();
  }
  return outcomes;
}

/** What of `wanted` `found` lacks (as many times as it lacks it). */
function missing(wanted: string[], found: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of found) counts.set(item, (counts.get(item) ?? 0) + 1);
  const lost: string[] = [];
  for (const item of wanted) {
    const left = counts.get(item) ?? 0;
    if (left > 0) counts.set(item, left - 1);
    else lost.push(item);
  }
  return lost;
}

/** One failure, readable in the test output: the input, what the spec expects, what we render. */
export function describeFailure(outcome: Outcome): string {
  return [
    `${outcome.case.id}:`,
    `  markdown: ${JSON.stringify(outcome.case.markdown)}`,
    `  expected: ${outcome.expected}`,
    `  actual:   ${outcome.actual}`,
  ].join('\n');
}
