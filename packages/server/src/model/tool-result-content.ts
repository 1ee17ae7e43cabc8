import type { ToolResultTurn } from '@agent-chat/protocol';
import type { UploadBytes } from './model.js';
import { STOPPED_TOOL_NOTE } from './turn-text.js';
import { toBase64 } from './turn-uploads.js';

/** A tool result's part as a provider adapter sends it: text, or an image's bytes as base64. */
export type ToolResultBlock = { type: 'text'; text: string } | { type: 'image'; mediaType: string; data: string };

/**
 * A result turn's parts (`content`, a tool that returned images) as the model gets them: an image kept by reference
 * read from `files` (readTurnUploads reads them with the user's uploads), one the store no longer has named in a
 * note, and empty text left out (the APIs refuse empty text blocks). Undefined for a result without parts.
 */
export function toolResultBlocks(turn: ToolResultTurn, files: ReadonlyMap<string, UploadBytes | undefined> | undefined): ToolResultBlock[] | undefined {
  if (!turn.content) return undefined;
  const blocks: ToolResultBlock[] = turn.stopped && !turn.isError ? [{ type: 'text', text: STOPPED_TOOL_NOTE }] : [];
  for (const part of turn.content) {
    if (part.type === 'text') {
      if (part.text.trim() !== '') blocks.push({ type: 'text', text: part.text });
      continue;
    }
    const file = part.uploadId === undefined ? undefined : files?.get(part.uploadId);
    const data = part.data ?? (file ? toBase64(file.bytes) : undefined);
    if (data === undefined) blocks.push({ type: 'text', text: `[image: ${part.mediaType}, ${sizeText(part.size)}; no longer available]` });
    else blocks.push({ type: 'image', mediaType: part.mediaType, data });
  }
  return blocks;
}

/** Base64 to bytes without Node's Buffer (the core runs on Workers too); undefined when it is not base64. */
export function fromBase64(base64: string): Uint8Array | undefined {
  try {
    const binary = atob(base64.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
    return bytes;
  } catch {
    return undefined;
  }
}

/** A size for people and models to judge: `70 bytes`, `12.3 KB`, `1.2 MB`. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
