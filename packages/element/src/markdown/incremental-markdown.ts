import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { BlockLexer } from './lex-blocks.js';
import { renderBlock, type RenderOptions } from './render-tokens.js';
import type { Block, Links } from './tokens.js';

/**
 * Lexing budget: the tail is lexed again only while the total lexed stays within LEX_FACTOR × the text so far
 * plus LEX_SLACK. Relexing a tail of b characters on every frame costs about b²/(chars per frame) over that
 * block: nothing for a short reply (the slack covers a few kilobytes of replies whole), but quadratic for a
 * long code listing or a long reply on a fast stream. Past the budget, the text not lexed yet is shown as plain
 * text at the end of the last block (inside the code, the paragraph, the list item) until the budget allows
 * the next lex — characters still appear on every frame, their formatting catches up a little later, and the
 * total lexing of any reply stays under 2n + 16 KB.
 */
const LEX_FACTOR = 2;
const LEX_SLACK = 16_384;

/** Counters for tests and the benchmark; not public API. */
export interface MarkdownStats {
  /** Calls to update(): one per animation frame while a reply streams. */
  updates: number;
  lexCalls: number;
  charsLexed: number;
  /** Updates that showed new text without lexing it, to keep within the budget. */
  deferredLexes: number;
  /** Blocks that can no longer change; each is rendered once from then on. */
  blocksFinished: number;
  /** Templates built for finished blocks: equal to blocksFinished unless a late link definition re-rendered one. */
  finishedBlockRenders: number;
  /** Templates built for blocks still growing. */
  tailBlockRenders: number;
  /** Finished blocks lexed and rendered again because a link definition appeared after them. */
  relinkedBlocks: number;
  /** Times the text was replaced rather than extended, so everything started over. */
  resets: number;
}

interface Rendered {
  key: number;
  token: Block;
  /** A guard directive: Lit renders it once and skips it on every later render until the token changes. */
  value: unknown;
}

function newStats(): MarkdownStats {
  return {
    updates: 0,
    lexCalls: 0,
    charsLexed: 0,
    deferredLexes: 0,
    blocksFinished: 0,
    finishedBlockRenders: 0,
    tailBlockRenders: 0,
    relinkedBlocks: 0,
    resets: 0,
  };
}

/**
 * Markdown that grows: give it the whole text so far with update(), render view(). Finished blocks are lexed
 * and rendered once and keep their DOM (keyed, guarded); only the tail is lexed and rendered again.
 */
export class IncrementalMarkdown {
  readonly stats: MarkdownStats = newStats();
  /** Caret and not-yet-lexed text; one node that moves to wherever the reply currently ends. */
  readonly trailer: HTMLSpanElement;
  private options: RenderOptions;
  private lexer = new BlockLexer();
  /** The text as given, to tell an extension from a replacement. */
  private given = '';
  /** The given text ended with `\r`: a `\n` starting the next chunk belongs to it. */
  private endsWithCR = false;
  private finished: Rendered[] = [];
  private tail: Rendered[] = [];
  /** How much of the (normalised) text the blocks cover; the rest is in the trailer. */
  private lexedLength = 0;
  private linksSeen = '';
  private charsLexedBefore = 0;
  private lexCallsBefore = 0;

  constructor(options: RenderOptions) {
    this.options = options;
    this.trailer = document.createElement('span');
    this.trailer.className = 'trailer';
  }

  get text(): string {
    return this.given;
  }

  /** Render options changed: everything is rendered again. */
  configure(options: RenderOptions): void {
    if (options.allowImages === this.options.allowImages) return;
    this.options = options;
    this.reset();
  }

  /** The blinking caret at the end of the text, while it streams. */
  set caret(on: boolean) {
    this.trailer.classList.toggle('caret', on);
  }

  /**
   * Brings the blocks up to `text`. `exact` lexes regardless of the budget (the reply ended, or a whole text
   * arrived at once). Returns whether the blocks changed, i.e. whether the host must render view() again;
   * otherwise only the trailer's text changed, in place.
   */
  update(text: string, exact: boolean): boolean {
    this.stats.updates++;
    let changed = false;
    if (!this.extendTo(text)) {
      this.reset();
      this.extendTo(text);
      changed = true;
    }
    const length = this.lexer.text.length;
    if (this.lexedLength === length) return changed;
    const lexed = this.lexer.charsLexed;
    if (!exact && lexed + this.lexer.tailLength > LEX_FACTOR * length + LEX_SLACK) {
      this.stats.deferredLexes++;
      this.trailer.textContent = this.lexer.text.slice(this.lexedLength);
      return changed;
    }
    this.lexTail();
    this.trailer.textContent = '';
    return true;
  }

  view(): TemplateResult {
    const blocks = this.finished.concat(this.tail);
    return html`${repeat(blocks, (block) => block.key, (block) => block.value)}${this.tail.length === 0
      ? this.trailer
      : nothing}`;
  }

  private lexTail(): void {
    const { finished, tail, links } = this.lexer.lexTail();
    const finishedBefore = this.finished.length;
    for (const token of finished) {
      if (!shows(token)) continue;
      this.finished.push(this.finishedBlock(this.finished.length, token));
      this.stats.blocksFinished++;
    }
    this.relinkIfDefinitionsChanged(links, finishedBefore);
    const shown = tail.filter(shows);
    this.tail = shown.map((token, i) => this.tailBlock(this.finished.length + i, token, i === shown.length - 1));
    this.lexedLength = this.lexer.text.length;
    this.stats.charsLexed = this.charsLexedBefore + this.lexer.charsLexed;
    this.stats.lexCalls = this.lexCallsBefore + this.lexer.lexCalls;
  }

  private finishedBlock(key: number, token: Block): Rendered {
    const value = guard([token], () => {
      this.stats.finishedBlockRenders++;
      return renderBlock(token, this.options);
    });
    return { key, token, value };
  }

  private tailBlock(key: number, token: Block, last: boolean): Rendered {
    const value = guard([token, last], () => {
      this.stats.tailBlockRenders++;
      return renderBlock(token, this.options, last ? this.trailer : nothing);
    });
    return { key, token, value };
  }

  /**
   * `[text][label]` resolves against definitions anywhere in the reply, often below it. A block finished in an
   * earlier lex was lexed without a definition that came later (or with one still half streamed), so when the
   * definitions change, the finished blocks that could use one are lexed again. Models rarely write them.
   */
  private relinkIfDefinitionsChanged(links: Links, finishedBefore: number): void {
    const seen = JSON.stringify(links);
    if (seen === this.linksSeen) return;
    this.linksSeen = seen;
    for (let i = 0; i < finishedBefore; i++) {
      const block = this.finished[i]!;
      if (!block.token.raw.includes('[')) continue;
      const token = this.lexer.relexBlock(block.token.raw, links);
      if (!token) continue;
      this.finished[i] = this.finishedBlock(block.key, token);
      this.stats.relinkedBlocks++;
    }
  }

  /** Appends what `text` adds to the text so far; false when `text` does not extend it. */
  private extendTo(text: string): boolean {
    // A native prefix comparison, not lexing: cheap next to everything else done per frame.
    if (text.length < this.given.length || !text.startsWith(this.given)) return false;
    let chunk = text.slice(this.given.length);
    this.given = text;
    if (chunk === '') return true;
    if (this.endsWithCR && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.endsWithCR = text.endsWith('\r');
    // The lexer turns CRLF and CR into LF itself; doing it here keeps token offsets equal to text offsets.
    this.lexer.append(chunk.replace(/\r\n?/g, '\n'));
    return true;
  }

  private reset(): void {
    this.stats.resets++;
    this.charsLexedBefore += this.lexer.charsLexed;
    this.lexCallsBefore += this.lexer.lexCalls;
    this.lexer = new BlockLexer();
    this.given = '';
    this.endsWithCR = false;
    this.finished = [];
    this.tail = [];
    this.lexedLength = 0;
    this.linksSeen = '';
    this.trailer.textContent = '';
  }
}

function shows(token: Block): boolean {
  return token.type !== 'space' && token.type !== 'def';
}
