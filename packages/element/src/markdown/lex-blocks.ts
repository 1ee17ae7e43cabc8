import { lex } from './markdown-lexer.js';
import type { Block, Links } from './tokens.js';

/** What one lex of the tail produced. */
export interface TailLex {
  /** Top-level tokens that can no longer change, in order; each is reported by exactly one lex. */
  finished: Block[];
  /** The tokens after them, still growing. */
  tail: Block[];
  /**
   * Every link definition this lex saw: those of finished blocks, then the tail's (still provisional: a
   * definition being streamed may have half its URL).
   */
  links: Links;
}

/**
 * Top-level markdown blocks of a text that only grows. Only the tail — the text after the last block known to
 * be finished — is lexed each time, so the total lexing over a reply is linear in its length as long as the
 * tail stays short (incremental-markdown.ts bounds it when it doesn't).
 *
 * A block is finished once the lexer has produced another, non-blank block after it AND that next block can no
 * longer fold back into it. Text that is appended only ever extends the last line, so:
 *  - when the next block's first line is complete (a newline follows it), its start is settled;
 *  - before that, a partial line can still become a continuation (`para\n#` is a heading until `#x` makes it
 *    paragraph text; `1. a\n\n2` becomes a second item), so the block before it is settled only if nothing can
 *    continue it: a heading, a rule, a closed code fence, or anything but a list or indented code when a blank
 *    line separates them.
 * Unclosed code fences run to the end of the text, so a fence is never followed by another block until closed.
 */
export class BlockLexer {
  /** The text so far, newlines normalised. */
  private source = '';
  /** Where the tail starts: the end of the last finished block. */
  private tailStart = 0;
  /** Link definitions from finished blocks; the first definition of a label wins, as in a whole-text lex. */
  private readonly links: Links = Object.create(null) as Links;
  charsLexed = 0;
  lexCalls = 0;

  /** The text so far, newlines normalised. */
  get text(): string {
    return this.source;
  }

  get tailLength(): number {
    return this.source.length - this.tailStart;
  }

  append(chunk: string): void {
    this.source += chunk;
  }

  lexTail(): TailLex {
    const src = this.source.slice(this.tailStart);
    const { tokens, links } = this.lex(src, this.links);
    const cut = finishedCount(tokens, src);
    const finished = tokens.slice(0, cut);
    for (const token of finished) {
      this.tailStart += token.raw.length;
      if (token.type === 'def' && !(token.tag in this.links)) this.links[token.tag] = { href: token.href, title: token.title };
    }
    return { finished, tail: tokens.slice(cut), links };
  }

  /** Lexes one finished block again with `links`, because a definition it may use appeared after it. */
  relexBlock(raw: string, links: Links): Block | undefined {
    const shown = this.lex(raw, links).tokens.filter((token) => token.type !== 'space');
    return shown.length === 1 ? shown[0] : undefined;
  }

  /** Lexes `src` against a copy of `links`; the copy comes back with the definitions `src` adds. */
  private lex(src: string, links: Links): { tokens: Block[]; links: Links } {
    // Without a prototype, a label such as `constructor` is only ever a definition someone wrote.
    const all: Links = Object.assign(Object.create(null) as Links, links);
    this.charsLexed += src.length;
    this.lexCalls++;
    return { tokens: lex(src, all), links: all };
  }
}

/** How many of the leading tokens are finished (see BlockLexer). */
function finishedCount(tokens: readonly Block[], src: string): number {
  // Offsets come from the tokens' raw text; if they don't add up to the source, nothing is trusted as finished.
  let total = 0;
  for (const token of tokens) total += token.raw.length;
  if (total !== src.length) return 0;

  const lastNewline = src.lastIndexOf('\n');
  let start = src.length;
  // Walk back to find the latest block that settles everything before it.
  for (let j = tokens.length - 1; j > 0; j--) {
    const token = tokens[j]!;
    start -= token.raw.length;
    if (token.type === 'space') continue;
    const previous = previousShown(tokens, j);
    if (previous === -1) return 0;
    if (start <= lastNewline || cannotContinue(tokens[previous]!, previous < j - 1)) return j;
  }
  return 0;
}

function previousShown(tokens: readonly Block[], j: number): number {
  for (let i = j - 1; i >= 0; i--) if (tokens[i]!.type !== 'space') return i;
  return -1;
}

/** Whether no line appended after `token` (with a blank line between, or not) can become part of it. */
function cannotContinue(token: Block, blankBetween: boolean): boolean {
  switch (token.type) {
    case 'heading':
    case 'hr':
      return true;
    case 'code':
      // A fenced block followed by another block has seen its closing fence; indented code continues after
      // blank lines when the next line is indented.
      return !token.indented;
    case 'list':
      // A list goes on after blank lines: indented continuation, or another item (`2.` after `1. a`).
      return false;
    default:
      // Paragraphs, quotes, tables, HTML blocks and definitions end at a blank line.
      return blankBetween;
  }
}
