import type { ToolResultPart } from '@agent-chat/protocol';
import type { ToolContentPart } from '../tools/tool-content.js';
import type { BlobStore } from '../uploads/blob-store.js';
import { bytesMatchType } from '../uploads/sniff-type.js';
import { fromBase64, sizeText } from '../model/tool-result-content.js';
import { toBase64 } from '../model/turn-uploads.js';
import { cutText } from '../text/cut-text.js';

/** Where the images of tools' results go (RunDeps.toolImages). */
export interface ToolImageKeeping {
  /** The uploads store: images are kept there by reference, up to `storeMaxBytes`. Undefined: inline. */
  store: BlobStore | undefined;
  storeMaxBytes: number;
  /** The largest image kept inline in the history when there is no store. */
  inlineMaxBytes: number;
}

/** The image types every provider adapter here sends to its model. */
export const TOOL_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export interface KeptContent {
  /** The text people see: the text parts, each image named in a note. */
  output: string;
  content: ToolResultPart[];
}

/**
 * A tool's parts as its result turn keeps them. The history is read whole on every request and every reload, so an
 * image goes to the uploads store when there is one (the turn keeps its id) and stays inline, base64, only up to a
 * small cap. An image that is not one the model reads, or too large, or that the store refused, becomes a note: a
 * history with a broken image would fail every later request to the provider, not only this one.
 */
export async function keepToolContent(
  parts: readonly ToolContentPart[],
  options: ToolImageKeeping & { owner: string; toolName: string; maxChars: number },
): Promise<KeptContent> {
  const content: ToolResultPart[] = [];
  let chars = 0;
  for (const part of parts) {
    if (part.type === 'text') {
      // The same cap as a text result's, over all the text parts together.
      const room = options.maxChars - chars;
      if (room <= 0) continue;
      const text = part.text.length > room ? `${cutText(part.text, room)}\n[truncated: only the first ${options.maxChars} characters of the result are shown]` : part.text;
      chars += part.text.length;
      content.push({ type: 'text', text });
      continue;
    }
    content.push(await keepImage(part, options));
  }
  return { output: content.map(partText).join('\n\n'), content };
}

async function keepImage(
  part: Extract<ToolContentPart, { type: 'image' }>,
  options: ToolImageKeeping & { owner: string; toolName: string },
): Promise<ToolResultPart> {
  const mediaType = part.mediaType.split(';')[0]!.trim().toLowerCase();
  const bytes = typeof part.data === 'string' ? fromBase64(part.data) : part.data;
  const note = (why: string): ToolResultPart => ({ type: 'text', text: `[image: ${mediaType}${bytes ? `, ${sizeText(bytes.byteLength)}` : ''}; ${why}]` });
  if (!bytes || bytes.byteLength === 0) return note('not valid base64, not shown to the model');
  if (!TOOL_IMAGE_TYPES.includes(mediaType)) return note('not a PNG, JPEG, GIF or WebP image, not shown to the model');
  if (!bytesMatchType(bytes, mediaType)) return note(`its bytes are not ${mediaType}, not shown to the model`);
  const size = bytes.byteLength;
  const { store } = options;
  if (!store) {
    if (size > options.inlineMaxBytes) return note(`larger than the ${sizeText(options.inlineMaxBytes)} kept without an uploads store, not shown to the model`);
    return { type: 'image', mediaType, size, data: typeof part.data === 'string' ? part.data.replace(/\s+/g, '') : toBase64(bytes) };
  }
  if (size > options.storeMaxBytes) return note(`larger than the ${sizeText(options.storeMaxBytes)} an upload may be, not shown to the model`);
  const id = `up_${crypto.randomUUID().replace(/-/g, '')}`;
  const extension = mediaType.slice('image/'.length).replace('jpeg', 'jpg');
  try {
    await store.put({ id, owner: options.owner, name: `${options.toolName}.${extension}`, mediaType, size, createdAt: Date.now(), bytes });
  } catch {
    return note('could not be kept, not shown to the model');
  }
  return { type: 'image', mediaType, size, uploadId: id };
}

/** A part as people read it: text as it is, an image named. */
export function partText(part: ToolResultPart): string {
  return part.type === 'text' ? part.text : `[image: ${part.mediaType}, ${sizeText(part.size)}]`;
}
