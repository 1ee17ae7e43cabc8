import { Lexer, getDefaults, type Links, type MarkedOptions, type Token } from 'marked';
import { mathStart, mathTokenizer } from './math.js';

/** marked's own defaults (CommonMark + GFM), with math added; a Lexer reads nothing else of the options. */
const OPTIONS: MarkedOptions = {
  ...getDefaults(),
  extensions: { renderers: {}, childTokens: {}, inline: [mathTokenizer], startInline: [mathStart] },
};

/**
 * The block tokens of `src`, with their inline tokens. `links`: the reference definitions found before `src`
 * (a reply is lexed a piece at a time, and a definition applies to the whole document); it is not changed.
 */
export function lexMarkdown(src: string, links: Links): Token[] {
  const lexer = new Lexer(OPTIONS);
  Object.assign(lexer.tokens.links, links);
  return lexer.lex(src);
}

/**
 * A reply's usual shapes, each of which runs regular expressions of marked's of its own (and a template of ours). Its
 * code block names no language: rendered (ui/markdown/warm-renderer.ts), one that did would load the highlighter.
 */
export const WARM_SAMPLE =
  '# A\n\nText *b* **c** `d` [e](https://e.example) ~~f~~ _g_ $h$ https://i.example &amp;\n\n' +
  '- j\n- k\n  1. l\n\n> m\n\n```\nn\n```\n\n| o | p |\n| :- | -: |\n| q | r |\n\n---\n\nS\n===\n';

/**
 * Lex a small sample once, just after the conversation's parts are first painted. V8 compiles a regular expression
 * the first time it runs, and marked has dozens: the first reply or history lexed paid for all of them (measured, a
 * 1,000-message history's six newest groups: 20 ms of lexing cold, 2 ms warm). Paid here, in a task of its own, it
 * falls in the wait for the history's response, or just before the history is drawn when the response is in already
 * (an early one is handed over a frame later, AgentClient.getSession), rather than in the task that draws it: without
 * the warm-up that task went over 50 ms in 6 of 10 samples, and the first paint was no sooner (docs/benchmarks.md).
 */
export function warmLexer(): void {
  lexMarkdown(WARM_SAMPLE, {});
}
