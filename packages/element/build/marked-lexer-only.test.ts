import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as marked from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markedLexerOnly, markedLexerOnlyPlugin } from './marked-lexer-only.mjs';

const require = createRequire(import.meta.url);
const markedPath = require.resolve('marked');
const { tests: commonMark } = require('commonmark-spec') as { tests: { markdown: string; number: number }[] };

let dir: string;
let source: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marked-lexer-only-'));
  source = await readFile(markedPath, 'utf8');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('marked without its default instance (build/marked-lexer-only.mjs)', () => {
  it('lexes every CommonMark example, with GFM on, to the very tokens marked itself gives', async () => {
    const file = join(dir, 'lexer-only.mjs');
    await writeFile(file, markedLexerOnly(source, ['Lexer', 'getDefaults']));
    const cut = (await import(pathToFileURL(file).href)) as Pick<typeof marked, 'Lexer' | 'getDefaults'>;
    expect(Object.keys(cut).sort()).toEqual(['Lexer', 'getDefaults']);
    expect(cut.getDefaults()).toEqual(marked.getDefaults());
    for (const { markdown, number } of commonMark) {
      const theirs = new marked.Lexer(marked.getDefaults()).lex(markdown);
      const ours = new cut.Lexer(cut.getDefaults()).lex(markdown);
      expect(ours, `CommonMark example ${number}`).toEqual(theirs);
    }
  });

  it('leaves marked\'s HTML renderer out of a bundle that uses the lexer', async () => {
    const entry = join(dir, 'entry.mjs');
    await writeFile(entry, "import { Lexer, getDefaults } from 'marked';\nconsole.log(new Lexer(getDefaults()).lex('*a*'));\n");
    const bundled = async (plugins: ReturnType<typeof markedLexerOnlyPlugin>[]) => {
      const result = await build({ entryPoints: [entry], bundle: true, format: 'esm', minify: true, write: false, absWorkingDir: process.cwd(), nodePaths: [join(markedPath, '../../..')], plugins });
      return result.outputFiles[0]!.text;
    };
    const whole = await bundled([]);
    const lexerOnly = await bundled([markedLexerOnlyPlugin(['Lexer', 'getDefaults'])]);
    // The renderer's markup: in marked's bundle, gone from ours.
    expect(whole).toContain('<blockquote>');
    expect(lexerOnly).not.toContain('<blockquote>');
    expect(lexerOnly.length).toBeLessThan(whole.length * 0.85);
  });

  it('fails, naming the file to update, when marked is laid out otherwise', () => {
    expect(() => markedLexerOnly('export{a as Lexer};', ['Lexer'])).toThrow(/update build\/marked-lexer-only\.mjs/);
    // A name the tail defines (the default instance's `lexer`) or one marked does not export is refused by name.
    expect(() => markedLexerOnly(source, ['lexer'])).toThrow(/no lexer defined before its default instance/);
    expect(() => markedLexerOnly(source, ['Nothing'])).toThrow(/no Nothing/);
  });
});
