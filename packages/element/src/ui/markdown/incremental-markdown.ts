import type { Links, Token, Tokens } from 'marked';
import { highlightBlocks } from './highlight-code.js';
import { lexMarkdown } from '../../core/markdown/lex.js';
import { closedFence, definitions, joined, settle, type OpenBlock } from '../../core/markdown/open-blocks.js';
import { OpenFence } from '../../core/markdown/open-fence.js';
import { block, blocks, renderedNodes, type ItemViews } from './render-blocks.js';
import type { RenderOptions } from './render-options.js';

export type { RenderOptions } from './render-options.js';

/** Counters for tests and the benchmark; not public API. */
export interface MarkdownStats {
  /** Calls to update(): one per animation frame while a reply streams. */
  updates: number;
  /** Characters given to the lexer: the open end of the text is lexed again on each update, nothing else. */
  charsParsed: number;
  /** Top-level blocks that can no longer change; each is rendered once from then on. */
  blocksFinished: number;
  /** Templates built for finished top-level blocks: equal to blocksFinished. */
  finishedBlockRenders: number;
  /**
   * Times everything started over: the text was replaced rather than extended, or a link reference definition
   * arrived after a finished block that may use it.
   */
  resets: number;
}

/** A block that can no longer change, and its DOM once rendered. */
interface Finished {
  token: Token;
  view?: Node[];
}

/**
 * Markdown that grows: give it the whole text so far with update(), render view(). marked lexes it (CommonMark
 * + GFM); a top-level block is finished once a later block has begun on a complete line, because nothing
 * written after that can change it (setext underlines, lazy lines and list items only ever reach back to the
 * block just before). A finished block is lexed and rendered once; only the blocks after it are lexed again,
 * and of a list still growing, only its last item. When the text is complete (`exact`) everything is finished,
 * lexed the way marked lexes the whole text, so a streamed reply ends with the DOM of the same text at once.
 */
export class IncrementalMarkdown {
  readonly stats: MarkdownStats = { updates: 0, charsParsed: 0, blocksFinished: 0, finishedBlockRenders: 0, resets: 0 };
  /** The caret; one node that moves to wherever the reply currently ends. */
  readonly trailer: HTMLSpanElement;
  protected options: RenderOptions;
  /** The text as given (line endings made `\n`), to tell an extension from a replacement. */
  #given = '';
  /** The text is complete. */
  #ended = false;
  #finished: Finished[] = [];
  /** Where the text after the finished blocks begins. */
  #stable = 0;
  /** The link reference definitions of the finished blocks. */
  #links: Links = {};
  /** A finished block holds a `[`, which a definition arriving later may turn into a link. */
  #bracketed = false;
  #open: OpenBlock | undefined;
  /** A fenced code block open at the end: grown without lexing. */
  #fence: OpenFence | undefined;
  /** The blocks after the finished ones, as last lexed. */
  #tail: Token[] = [];
  #liveItems: ItemViews = new WeakMap();
  /** Code blocks being highlighted (highlight-code.ts). */
  #highlighting: Promise<unknown>[] = [];

  constructor(options: RenderOptions) {
    this.options = options;
    this.trailer = document.createElement('span');
    this.trailer.className = 'trailer';
  }

  /** The blinking caret at the end of the text, while it streams. */
  set caret(on: boolean) {
    this.trailer.classList.toggle('caret', on);
  }

  /**
   * Brings the blocks up to `text`. `exact`: the text is complete (the reply ended, or a whole text arrived at
   * once). Returns whether view() must be rendered again.
   */
  update(text: string, exact: boolean): boolean {
    this.stats.updates++;
    // CommonMark: a line ends at `\n`, `\r\n` or `\r`. (A `\r` alone at the end of one piece and its `\n` at the
    // start of the next come out as one `\n` both ways.)
    text = text.replace(/\r\n?/g, '\n');
    const replaced = !text.startsWith(this.#given) || (this.#ended && text !== this.#given);
    if (!replaced && text === this.#given && (this.#ended || !exact)) return false;
    if (replaced) this.start(true);
    this.#given = text;
    this.#ended = exact;
    this.#lex(text, exact);
    return true;
  }

  /** Resolves once the code blocks rendered so far are highlighted (or left plain). */
  async highlighted(): Promise<void> {
    while (this.#highlighting.length) await this.#highlighting.shift();
  }

  /** The text given so far (line endings made `\n`). */
  protected get given(): string {
    return this.#given;
  }

  /** The finished blocks (each rendered once), then the others with the caret at their end. */
  view(): unknown[] {
    const finished = this.#finished.map((block) => (block.view ??= this.#renderOnce(block.token)));
    return [finished, blocks(this.#tail, this.options, this.trailer, false, this.#liveItems)];
  }

  /** Forgets everything: the next update() lexes its text from the start. */
  protected start(again = false): void {
    if (again) this.stats.resets++;
    this.#given = '';
    this.#ended = false;
    this.#clear();
  }

  #clear(): void {
    this.#finished = [];
    this.#stable = 0;
    this.#links = {};
    this.#bracketed = false;
    this.#open = undefined;
    this.#fence = undefined;
    this.#tail = [];
    this.#liveItems = new WeakMap();
  }

  #renderOnce(token: Token): Node[] {
    this.stats.finishedBlockRenders++;
    // The items and rows already made while it grew are kept.
    const nodes = renderedNodes(block(token, this.options, undefined, false, this.#liveItems));
    // Its DOM never changes again, so its code can be highlighted in place (it stayed plain while it grew).
    const highlighting = highlightBlocks(nodes);
    if (highlighting) this.#highlighting.push(highlighting);
    return nodes;
  }

  #lex(text: string, exact: boolean): void {
    if (!exact && this.#fence?.grow(text)) return;
    this.#fence = undefined;
    // At the end a growing list or table is lexed whole once more (a list's looseness is the whole list's).
    const open = exact ? undefined : this.#open;
    const from = this.#stable;
    const src = open ? open.head + text.slice(open.at) : text.slice(from);
    this.stats.charsParsed += src.length;
    const tokens = lexMarkdown(src, this.#links);
    if (open) {
      // The block's source in the text: up to where the rest, lexed after the table's head, ends.
      const rest = joined(open, tokens[0], (length) => text.slice(from, open.at + length - open.head.length));
      if (!rest) {
        // Cannot happen (the rest began on a complete line); if it does, lex the block whole.
        this.#open = undefined;
        return this.#lex(text, exact);
      }
      tokens[0] = rest;
    }

    // Which blocks are finished: every one before the last block that begins on a complete line.
    const lastBreak = text.lastIndexOf('\n');
    const starts: number[] = [];
    let at = from;
    for (const token of tokens) {
      starts.push(at);
      at += token.raw.length;
    }
    let finished = tokens.length;
    if (!exact) {
      finished = 0;
      for (let i = tokens.length - 1; i > 0; i--) {
        if (tokens[i]!.type !== 'space' && starts[i]! <= lastBreak) {
          finished = i;
          break;
        }
      }
      // A fenced block whose closing fence line is complete cannot change either (so its code is highlighted now).
      while (finished < tokens.length && closedFence(tokens[finished]!, starts[finished]!, lastBreak)) finished++;
    }

    const bracketed = this.#bracketed;
    let relink = false;
    for (const token of tokens.slice(0, finished)) {
      this.#stable += token.raw.length;
      for (const definition of definitions(token)) {
        if (definition.tag in this.#links) continue;
        this.#links[definition.tag] = { href: definition.href, title: definition.title };
        relink ||= bracketed;
      }
      if (token.type === 'space' || token.type === 'def') continue;
      this.#bracketed ||= token.raw.includes('[');
      this.#finished.push({ token });
      this.stats.blocksFinished++;
    }
    if (relink) {
      // A definition came after a finished block that may use it: lex everything again, knowing it.
      this.stats.resets++;
      this.#clear();
      return this.#lex(text, exact);
    }
    this.#tail = tokens.slice(finished);
    this.#open = undefined;
    const shown = this.#tail.filter((token) => token.type !== 'space');
    if (!exact && shown.length === 1 && shown[0]!.type === 'code') {
      const code = shown[0] as Tokens.Code;
      let start = this.#stable;
      for (const token of this.#tail.slice(0, this.#tail.indexOf(code))) start += token.raw.length;
      this.#fence = OpenFence.of(code, start, text);
      if (this.#fence?.grow(text)) {
        this.#tail = [this.#fence.token];
        return;
      }
      this.#fence = undefined;
    }
    const first = this.#tail[0];
    if (!exact && first) this.#open = settle(first, this.#stable, lastBreak, text);
  }
}
