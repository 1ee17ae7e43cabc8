import { XSS_VECTORS } from '../test/support/xss-vectors.js';

// What the fake agents answer. Both widgets get the same text, cut into the same pieces at the same pace, so the
// only difference the bench sees is the widget. A message's text is the command: `stream:<chars>` (20-character
// pieces, 8 per 16 ms frame), `once:<chars>` (one piece) or anything else (a short reply).

/** Characters per streamed piece, and pieces per 16 ms: issue #18's "8 chunks per frame". */
export const PIECE_CHARS = 20;
export const PIECES_PER_FRAME = 8;
export const FRAME_MS = 16;

export interface ReplyPlan {
  /** Groups of pieces; the servers pause FRAME_MS between groups. */
  groups: string[][];
}

/** Markdown of about `chars` characters: headings, paragraphs with emphasis and code, lists (both widgets render it). */
export function markdownText(chars: number, seed = 0): string {
  const blocks: string[] = [];
  let length = 0;
  for (let i = seed; length < chars; i++) {
    const block =
      i % 5 === 0
        ? `## Section ${i}`
        : i % 5 === 3
          ? `- item ${i} with **bold** text\n- another item with \`code ${i}\`\n- a third item, plainly`
          : `Paragraph ${i}: the quarter went *well*, with **revenue** up and \`costs\` flat; see the notes for more on why this held.`;
    blocks.push(block);
    length += block.length + 2;
  }
  return blocks.join('\n\n').slice(0, chars);
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The XSS corpus of the element's tests, one vector a paragraph: `xss` streams it like any reply. */
const XSS_REPLY = XSS_VECTORS.map((vector) => vector.text).join('\n\n');

export function replyPlan(command: string): ReplyPlan {
  if (command.trim() === 'xss') return { groups: [pieces(XSS_REPLY, PIECE_CHARS)] };
  const match = /^(stream|once):(\d+)$/.exec(command.trim());
  if (!match) return { groups: [['Done: the figure is **42**, as before.']] };
  const text = markdownText(Number(match[2]));
  if (match[1] === 'once') return { groups: [[text]] };
  const all = pieces(text, PIECE_CHARS);
  const groups: string[][] = [];
  for (let i = 0; i < all.length; i += PIECES_PER_FRAME) groups.push(all.slice(i, i + PIECES_PER_FRAME));
  return { groups };
}

export async function* replyPieces(command: string, signal?: AbortSignal): AsyncGenerator<string> {
  const { groups } = replyPlan(command);
  for (const [index, group] of groups.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, FRAME_MS));
    if (signal?.aborted) return;
    yield* group;
  }
}

/** A stored history: `count` messages, user and assistant in turn, about 300 characters each. */
export function historyMessages(count: number): { role: 'user' | 'assistant'; text: string }[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { role: 'user' as const, text: `Question ${i}: ${'what about the quarter? '.repeat(12)}` }
      : { role: 'assistant' as const, text: `Answer ${i}: ${'the quarter went **well**. '.repeat(11)}` },
  );
}

/** Text of the last history message, which the bench looks for to know the history is on screen. */
export const lastHistoryMarker = (count: number) => (count % 2 === 0 ? `Answer ${count - 1}:` : `Question ${count - 1}:`);
