/**
 * What the markdown lexer (markdown-lexer.ts) produces and the renderer (render-tokens.ts) consumes. The shapes
 * follow marked's tokens where the renderer needs the same facts, trimmed to what a chat reply uses.
 *
 * Every block carries `raw`, its exact source: the raws of a text's top-level blocks concatenate to the text,
 * which is how lex-blocks.ts knows where each block starts while a reply streams.
 */

/** Link reference definitions by normalised label (see normalizeLabel in markdown-lexer.ts). */
export type Links = Record<string, { href: string; title?: string | undefined }>;

export type Align = 'left' | 'right' | 'center' | null;

/** Blank lines between blocks; never rendered, but they make a list loose and end a paragraph. */
export interface Space {
  type: 'space';
  raw: string;
}

export interface Paragraph {
  type: 'paragraph';
  raw: string;
  tokens: Inline[];
}

/** The content of a tight list item: a paragraph shown without its `<p>`. */
export interface TextBlock {
  type: 'text';
  raw: string;
  tokens: Inline[];
}

export interface Heading {
  type: 'heading';
  raw: string;
  depth: number;
  tokens: Inline[];
}

export interface Code {
  type: 'code';
  raw: string;
  /** A fence's info string, trimmed; empty when there is none. */
  lang: string;
  text: string;
  /** Indented code continues after blank lines, so lex-blocks.ts treats it differently from a fence. */
  indented?: true;
}

export interface Blockquote {
  type: 'blockquote';
  raw: string;
  tokens: Block[];
}

export interface ListItem {
  task: boolean;
  tokens: Block[];
}

export interface List {
  type: 'list';
  raw: string;
  ordered: boolean;
  /** The first item's number (1 for a bullet list). */
  start: number;
  loose: boolean;
  items: ListItem[];
}

export interface Table {
  type: 'table';
  raw: string;
  align: Align[];
  /** One inline run per cell; every row has as many cells as the header. */
  header: Inline[][];
  rows: Inline[][][];
}

export interface Hr {
  type: 'hr';
  raw: string;
}

/** Raw HTML on lines of its own; the renderer shows it as text. */
export interface HtmlBlock {
  type: 'html';
  raw: string;
}

/** `[label]: destination "title"`; shows nothing, resolves `[text][label]` and `[label]`. */
export interface Def {
  type: 'def';
  raw: string;
  tag: string;
  href: string;
  title?: string | undefined;
}

export type Block = Space | Paragraph | TextBlock | Heading | Code | Blockquote | List | Table | Hr | HtmlBlock | Def;

/** Text as written: character references are resolved later, by the renderer. */
export interface Text {
  type: 'text';
  text: string;
}

/** A backslash-escaped character, or raw inline HTML: shown literally, never resolved or made a chip. */
export interface Literal {
  type: 'escape' | 'html';
  text: string;
}

export interface Styled {
  type: 'strong' | 'em' | 'del';
  tokens: Inline[];
}

export interface Codespan {
  type: 'codespan';
  text: string;
}

export interface Br {
  type: 'br';
}

export interface Link {
  type: 'link';
  href: string;
  title?: string | undefined;
  tokens: Inline[];
  /** `<https://…>` or a bare URL: the destination is literal, character references are not resolved. */
  autolink?: true;
}

export interface Image {
  type: 'image';
  href: string;
  title?: string | undefined;
  /** The alt text as written. */
  text: string;
}

/** A task item's box, first in its item's first paragraph. */
export interface Checkbox {
  type: 'checkbox';
  checked: boolean;
}

export type Inline = Text | Literal | Styled | Codespan | Br | Link | Image | Checkbox;
