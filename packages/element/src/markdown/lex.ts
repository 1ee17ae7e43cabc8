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
