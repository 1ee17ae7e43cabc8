import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as marked from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mathStart, mathTokenizer } from '../src/core/markdown/math.js';
import { checkCut, markedLexerOnly, markedLexerOnlyPlugin } from './marked-lexer-only.mjs';

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
  it('lexes every CommonMark example, with GFM and with the element\'s math extension, to the very tokens marked itself gives', async () => {
    const file = join(dir, 'lexer-only.mjs');
    const cutSource = markedLexerOnly(source, ['Lexer', 'getDefaults']);
    await checkCut(source, cutSource);
    await writeFile(file, cutSource);
    const cut = (await import(pathToFileURL(file).href)) as Pick<typeof marked, 'Lexer' | 'getDefaults'>;
    expect(Object.keys(cut).sort()).toEqual(['Lexer', 'getDefaults']);
    expect(cut.getDefaults()).toEqual(marked.getDefaults());
    // As src/core/markdown/lex.ts configures it, and bare.
    const math = { renderers: {}, childTokens: {}, inline: [mathTokenizer], startInline: [mathStart] };
    const samples = [...commonMark.map(({ markdown, number }) => ({ markdown, name: `CommonMark example ${number}` })), { markdown: 'Sum $a+b$ and $$x$$\n', name: 'math' }];
    for (const extensions of [null, math]) {
      for (const { markdown, name } of samples) {
        const theirs = new marked.Lexer({ ...marked.getDefaults(), extensions }).lex(markdown);
        const ours = new cut.Lexer({ ...cut.getDefaults(), extensions }).lex(markdown);
        expect(ours, `${name}${extensions ? ', with math' : ''}`).toEqual(theirs);
      }
    }
    // The extension did run: the sample's two formulas are math tokens.
    const lexed = JSON.stringify(new cut.Lexer({ ...cut.getDefaults(), extensions: math }).lex('Sum $a+b$ and $$x$$\n'));
    expect(lexed.match(/"type":"math"/g)).toHaveLength(2);
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
    // The Renderer's markup, the Parser's and the Marked instance's messages: in marked's bundle, gone from ours.
    for (const left of ['<blockquote>', 'type was not found', 'An error occurred']) {
      expect(whole).toContain(left);
      expect(lexerOnly).not.toContain(left);
    }
    expect(lexerOnly.length).toBeLessThan(whole.length * 0.85);
  });

  it('fails, naming the file to update, when marked is laid out otherwise or the cut leaves a name dangling', async () => {
    expect(() => markedLexerOnly('export{a as Lexer};', ['Lexer'])).toThrow(/update build\/marked-lexer-only\.mjs/);
    expect(() => markedLexerOnly(source, ['Nothing'])).toThrow(/marked exports no Nothing/);
    // `lexer` is exported, but declared in the tail that is cut off: its export would dangle.
    const dangling = markedLexerOnly(source, ['Lexer', 'lexer']);
    await expect(checkCut(source, dangling)).rejects.toThrow(/refers to \w+, which only the tail declared; update build\/marked-lexer-only\.mjs/);
  });
});
