import type { Links, Token, Tokens } from 'marked';
import { lexMarkdown } from './lex.js';
import { OpenFence } from './open-fence.js';
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

/** A growing list at the end of the text: the items that can no longer change, and where the next one starts. */
interface OpenList {
  items: Tokens.ListItem[];
  at: number;
  loose: boolean;
  start: number | '';
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
  #open: OpenList | undefined;
  /** A fenced code block open at the end: grown without lexing. */
  #fence: OpenFence | undefined;
  /** The blocks after the finished ones, as last lexed. */
  #tail: Token[] = [];
  #liveItems: ItemViews = new Map();

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

  /** @internal For tests: the top-level blocks as they stand. */
  get tokens(): Token[] {
    return [...this.#finished.map((block) => block.token), ...this.#tail];
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
    this.#liveItems.clear();
  }

  #renderOnce(token: Token): Node[] {
    this.stats.finishedBlockRenders++;
    return renderedNodes(block(token, this.options));
  }

  #lex(text: string, exact: boolean): void {
    if (!exact && this.#fence?.grow(text)) return;
    this.#fence = undefined;
    // At the end a growing list is lexed whole once more, so its looseness is the whole list's.
    const open = exact ? undefined : this.#open;
    const from = this.#stable;
    const src = text.slice(open ? open.at : from);
    this.stats.charsParsed += src.length;
    const tokens = lexMarkdown(src, this.#links);
    if (open) {
      const rest = tokens[0];
      if (rest?.type !== 'list') {
        // Cannot happen (the item began on a complete line); if it does, lex the list whole.
        this.#open = undefined;
        return this.#lex(text, exact);
      }
      tokens[0] = {
        ...rest,
        raw: text.slice(from, open.at) + rest.raw,
        start: open.start,
        loose: open.loose || (rest as Tokens.List).loose,
        items: open.items.concat((rest as Tokens.List).items),
      } as Tokens.List;
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
    if (finished > 0) this.#liveItems.clear();

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
    // A list growing at the end: its items before the last cannot change once the last began on a complete line.
    const list = this.#tail[0];
    if (!exact && list?.type === 'list' && (list as Tokens.List).items.length > 1) {
      const items = (list as Tokens.List).items;
      let next = this.#stable;
      for (const item of items.slice(0, -1)) next += item.raw.length;
      if (next <= lastBreak) this.#open = { items: items.slice(0, -1), at: next, loose: (list as Tokens.List).loose, start: (list as Tokens.List).start };
    }
  }
}

/** The link reference definitions in a block, at any depth (in a quote, in a list item). */
function definitions(token: Token): Tokens.Def[] {
  if (token.type === 'def') return [token as Tokens.Def];
  const inner = token.type === 'list' ? (token as Tokens.List).items : token.type === 'blockquote' || token.type === 'list_item' ? token.tokens ?? [] : [];
  return inner.flatMap(definitions);
}
