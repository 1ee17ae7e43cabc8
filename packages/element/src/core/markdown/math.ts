import type { TokenizerExtensionFunction, TokenizerStartFunction, Tokens } from 'marked';

/**
 * `$…$` and `$$…$$`, only where it is clearly math, by the rules most renderers follow (pandoc's, KaTeX's
 * auto-render): the opening `$` has no space after it, the closing one no space before it and no digit after
 * it, so `$HOME and $PATH` and `costs $5 or $10` stay prose. A `\$` stays a dollar (marked reads the escape
 * before this rule is tried at that position). The TeX is kept as text: rendering it is left to the host.
 */
const INLINE = /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n])*?[^\s\\])\$(?!\d)/;
const DISPLAY = /^\$\$(?!\$)((?:\\[\s\S]|[^\\$])+?)\$\$(?!\d)/;

export interface MathToken extends Tokens.Generic {
  type: 'math';
  text: string;
  display: boolean;
}

export const mathTokenizer: TokenizerExtensionFunction = (src) => {
  const display = DISPLAY.exec(src);
  const match = display ?? INLINE.exec(src);
  if (!match) return undefined;
  const token: MathToken = { type: 'math', raw: match[0], text: match[1]!.trim(), display: !!display };
  return token;
};

/** Where the inline text rule must stop, so a `$` gets its chance. */
export const mathStart: TokenizerStartFunction = (src) => {
  const at = src.indexOf('$');
  return at < 0 ? undefined : at;
};
