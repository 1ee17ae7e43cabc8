import type { Turn, UploadedAttachment } from '@agent-chat/protocol';
import type { ModelRequest, UploadBytes } from './model.js';

/** An upload a user turn names, with its bytes (undefined: the file is gone from the store). */
export interface TurnUpload {
  attachment: UploadedAttachment;
  file: UploadBytes | undefined;
}

/** The uploads user turns name (and tools' images kept as uploads), by upload id, read once per request (the same file on two turns is read once). */
export async function readTurnUploads(turns: readonly Turn[], request: Pick<ModelRequest, 'readUpload'>): Promise<Map<string, UploadBytes | undefined>> {
  const files = new Map<string, UploadBytes | undefined>();
  for (const turn of turns) {
    // A tool's images kept in the uploads store are read the same way (tool-result-content.ts).
    if (turn.type === 'tool_result') {
      for (const part of turn.content ?? []) {
        if (part.type !== 'image' || part.uploadId === undefined || files.has(part.uploadId)) continue;
        files.set(part.uploadId, await request.readUpload?.(part.uploadId));
      }
    }
    if (turn.type !== 'user') continue;
    for (const attachment of turn.attachments ?? []) {
      if (!isUpload(attachment) || files.has(attachment.uploadId)) continue;
      files.set(attachment.uploadId, await request.readUpload?.(attachment.uploadId));
    }
  }
  return files;
}

/** A user turn's uploads with their bytes, in the order they were attached. */
export function turnUploads(turn: Turn, files: ReadonlyMap<string, UploadBytes | undefined> | undefined): TurnUpload[] {
  if (turn.type !== 'user' || !files) return [];
  return (turn.attachments ?? []).filter(isUpload).map((attachment) => ({ attachment, file: files.get(attachment.uploadId) }));
}

export function isUpload(attachment: object): attachment is UploadedAttachment {
  return typeof (attachment as { uploadId?: unknown }).uploadId === 'string';
}

/** What the model is told in place of a file the store no longer has. */
export function missingUploadText(attachment: UploadedAttachment): string {
  return `[The user attached ${attachment.name} (${attachment.mediaType}), which is no longer available.]`;
}

/** Base64 without Node's Buffer (the core runs on Workers too), in slices so no call gets too many arguments. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
