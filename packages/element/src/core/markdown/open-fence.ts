import type { Tokens } from 'marked';

/** An opening code fence: its indentation and its run of backticks or tildes. */
export const FENCE_OPENING = /^( {0,3})(`{3,}|~{3,})/;
/** A line that is only a run of backticks or of tildes (with up to 3 spaces before it): a closing fence's shape. */
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** Whether `line`, whole, closes a block opened by `fence` (the same mark, at least as many of it). */
export function closesFence(line: string, fence: string): boolean {
  const run = CLOSING.exec(line)?.[1];
  return !!run && run[0] === fence[0] && run.length >= fence.length;
}
/** Lines of text kept as one string (one text node) once complete: the DOM of a growing block changes at its end only. */
const PIECE = 4096;

/** A code token whose text is given in pieces while it grows. */
export type GrowingCode = Tokens.Code & { pieces?: string[] };

/**
 * A fenced code block still open at the end of a reply (no closing fence yet), grown line by line without
 * lexing it again: a 50 KB block streamed in small pieces would otherwise be lexed from its fence on every
 * frame. It keeps to what marked does with such a block: each line loses as much indentation as the opening
 * fence had (when it has that much), and the block runs to the end of the text. As soon as a line could close
 * it, or the text is complete, the block goes back to marked (IncrementalMarkdown), so the DOM it ends with is
 * marked's.
 */
export class OpenFence {
  /** Where the block's text starts (after its fence line), and where the lines not yet taken start. */
  #at: number;
  readonly #indent: number;
  readonly #fence: string;
  /** Complete lines, in pieces of about PIECE characters; the last piece is still filling. */
  readonly #pieces: string[] = [''];
  readonly token: GrowingCode;

  private constructor(token: GrowingCode, bodyAt: number, indent: number, fence: string) {
    this.token = token;
    this.#at = bodyAt;
    this.#indent = indent;
    this.#fence = fence;
  }

  /** The block `token` starting at `start` of `text` if it is a fenced block left open whose fence line is complete. */
  static of(token: Tokens.Code, start: number, text: string): OpenFence | undefined {
    const opening = FENCE_OPENING.exec(token.raw);
    const lineEnd = text.indexOf('\n', start);
    if (!opening || lineEnd < 0) return undefined;
    const fence = new OpenFence({ ...token }, lineEnd + 1, opening[1]!.length, opening[2]!);
    // Every line after the fence line so far, that none closes it: what marked lexed is then an open block.
    return fence.#take(text, text.lastIndexOf('\n')) ? fence : undefined;
  }

  /** Brings the block up to `text`; false when a line might close it (then it must be lexed again). */
  grow(text: string): boolean {
    if (!this.#take(text, text.lastIndexOf('\n'))) return false;
    const pieces = this.#pieces;
    // The text is shown as its pieces (render-blocks.ts), so only the last text node changes.
    this.token.pieces = [...pieces.slice(0, -1), pieces.at(-1)! + this.#line(text.slice(this.#at))];
    return true;
  }

  /** Takes the complete lines up to `lastBreak`; false if one of them could be a closing fence. */
  #take(text: string, lastBreak: number): boolean {
    while (this.#at <= lastBreak) {
      const end = text.indexOf('\n', this.#at);
      const line = text.slice(this.#at, end);
      if (this.#closes(line)) return false;
      const pieces = this.#pieces;
      pieces[pieces.length - 1] += `${this.#line(line)}\n`;
      if (pieces.at(-1)!.length >= PIECE) pieces.push('');
      this.#at = end + 1;
    }
    // The line still being written might become a closing fence.
    return !this.#closes(text.slice(this.#at), true);
  }

  #closes(line: string, partial = false): boolean {
    if (!partial) return closesFence(line, this.#fence);
    // Still being written: any start of a run of the fence's mark might become one.
    const trimmed = line.replace(/^ {0,3}/, '');
    return trimmed.length > 0 && /^[`~]+[ \t]*$/.test(trimmed) && trimmed[0] === this.#fence[0];
  }

  /** A line as marked keeps it: without the fence's indentation, when the line has that much. */
  #line(line: string): string {
    const space = /^\s+/.exec(line)?.[0].length ?? 0;
    return space >= this.#indent ? line.slice(this.#indent) : line;
  }
}
