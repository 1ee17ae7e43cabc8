import { TABLE, TABLE_ROW, parser, parser_end, parser_write, type Parser } from 'streaming-markdown';
import { once, renderNode, type MdNode, type RenderOptions } from './render-tree.js';

/** Counters for tests and the benchmark; not public API. */
export interface MarkdownStats {
  /** Calls to update(): one per animation frame while a reply streams. */
  updates: number;
  /** Characters given to the parser: the text's length, unless it was replaced and parsed again. */
  charsParsed: number;
  /** Top-level blocks the parser has ended; each is rendered once from then on. */
  blocksFinished: number;
  /** Templates built for finished top-level blocks: equal to blocksFinished. */
  finishedBlockRenders: number;
  /** Times the text was replaced rather than extended (or extended after its end), so everything started over. */
  resets: number;
}

/**
 * Markdown that grows: give it the whole text so far with update(), render view(). Only what the text adds is
 * given to streaming-markdown's parser, which reads each character once and reports the tokens it opens and ends;
 * they are kept as a small tree (render-tree.ts). A top-level block the parser has ended is rendered once and
 * then skipped (`once`); only the block still growing is rendered again.
 */
export class IncrementalMarkdown {
  readonly stats: MarkdownStats = {
    updates: 0,
    charsParsed: 0,
    blocksFinished: 0,
    finishedBlockRenders: 0,
    resets: 0,
  };
  /** The caret; one node that moves to wherever the reply currently ends. */
  readonly trailer: HTMLSpanElement;
  protected options: RenderOptions;
  /** The text as given, to tell an extension from a replacement. */
  #given!: string;
  /** parser_end() was called: the parser takes no more text. */
  #ended!: boolean;
  #p!: Parser;
  #root!: MdNode;

  constructor(options: RenderOptions) {
    this.options = options;
    this.trailer = document.createElement('span');
    this.trailer.className = 'trailer';
    this.start();
  }

  /** The blinking caret at the end of the text, while it streams. */
  set caret(on: boolean) {
    this.trailer.classList.toggle('caret', on);
  }

  /**
   * Brings the tree up to `text`. `exact`: the text is complete (the reply ended, or a whole text arrived at
   * once), so the parser is ended and flushes what it held back. Returns whether view() must be rendered again.
   */
  update(text: string, exact: boolean): boolean {
    const stats = this.stats;
    stats.updates++;
    const replaced = !text.startsWith(this.#given) || (this.#ended && text !== this.#given);
    if (replaced) this.start(true);
    const chunk = text.slice(this.#given.length);
    this.#given = text;
    stats.charsParsed += chunk.length;
    // The parser knows only `\n`: the `\r` of a CRLF is dropped (in any chunk, so a split CRLF is no matter).
    parser_write(this.#p, chunk.replace(/\r/g, ''));
    if (!exact || this.#ended) return replaced || chunk !== '';
    parser_end(this.#p);
    return (this.#ended = true);
  }

  /** The blocks, then the caret when no block is growing. */
  view(): unknown[] {
    const blocks = this.#root.kids;
    return [
      blocks.map((block) =>
        // Text straight in the document (the parser does that after a table, for a line without a `|`).
        typeof block === 'string'
          ? block
          : block.done
          ? once(block, () => {
              this.stats.finishedBlockRenders++;
              return renderNode(block, this.options);
            })
          : renderNode(block, this.options, this.trailer),
      ),
      (blocks.at(-1) as MdNode | undefined)?.done === false ? null : this.trailer,
    ];
  }

  protected start(again = false): void {
    if (again) this.stats.resets++;
    // The document itself is never rendered: only its kids, the top-level blocks.
    const root = { kids: [] } as unknown as MdNode;
    const open = [root];
    const top = () => open[open.length - 1]!;
    this.#root = root;
    this.#given = '';
    this.#ended = false;
    const p = (this.#p = parser({
      data: 0,
      add_token: (_: unknown, type) => {
        const parent = top();
        // A table's first row, and its cells, are its header.
        const node: MdNode = { type, kids: [], done: false, head: type === TABLE_ROW ? !parent.kids.length : parent.head };
        parent.kids.push(node);
        open.push(node);
      },
      end_token: () => {
        const node = open.pop()!;
        node.done = true;
        // Ended by `]` with no `(` after it: `[F-1]`. (Cut off by the end of its paragraph, it was never closed.)
        node.closed = p.pending === ']';
        if (open.length === 1) this.stats.blocksFinished++;
      },
      add_text: (_: unknown, text) => {
        // A line without `|` right after a table: the parser gives it to the table while the table is open (if the
        // line came in its own chunk) or to the document after it. It goes after the table either way.
        const node = top();
        const kids = (node.type === TABLE ? open[open.length - 2]! : node).kids;
        const last = kids.length - 1;
        if (typeof kids[last] === 'string') kids[last] += text;
        else kids.push(text);
      },
      set_attr: (_: unknown, attribute, value) => {
        top()[attribute] = value;
      },
    }));
  }
}
