import { describe, expect, it } from 'vitest';
import { cutText } from '../src/text/cut-text.js';
import { truncateOutput } from '../src/tools/truncate-output.js';

// A cut never splits a surrogate pair: a lone one made GET /uploads/:id a 500 (encodeURIComponent throws on it) and
// the provider refuse the request's JSON.

const SMILE = '\u{1F600}';

describe('cutting text', () => {
  it('never ends on half of a surrogate pair', () => {
    const text = `${'a'.repeat(199)}${SMILE}.txt`;
    expect(cutText(text, 200)).toBe('a'.repeat(199));
    expect(cutText(text, 201)).toBe(`${'a'.repeat(199)}${SMILE}`);
    expect(cutText('short', 200)).toBe('short');
    const cut = truncateOutput(`${'b'.repeat(9)}${SMILE}`, 10) as string;
    expect(cut.startsWith(`${'b'.repeat(9)}\n[truncated`)).toBe(true);
  });
});
