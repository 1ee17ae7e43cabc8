import type { UploadLimits } from '@agent-chat/protocol';
import { memoryBlobStore, type BlobStore } from './blob-store.js';

/** `createAgentChat({ uploads })`: files from the user. Without it the server takes none (`/uploads` answers 404). */
export interface UploadOptions {
  /** Where the files are kept. Default: this process's memory (`fileBlobStore({ dir })` for a disk). */
  store?: BlobStore;
  /**
   * The media types accepted (`image/*` matches every image type). Default: PNG, JPEG, GIF and WebP images, PDF and
   * plain text, what Anthropic's models read. A model still refuses, before its run, a type it cannot take.
   */
  mediaTypes?: readonly string[];
  /**
   * The largest file, in bytes. Default 3.75 MiB: Anthropic refuses an image whose base64 is over 5 MiB, which is
   * 3,932,160 bytes of file, and a refused file in a message would fail every later request of its conversation.
   */
  maxBytes?: number;
  /** Uploads on one message. Default 5. */
  maxFiles?: number;
}

/** 5 MiB of base64: Anthropic's limit for one image. */
export const DEFAULT_MAX_BYTES = (5 * 1024 * 1024 * 3) / 4;

export const DEFAULT_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'] as const;

export interface Uploads extends UploadLimits {
  store: BlobStore;
}

export function resolveUploads(options: UploadOptions | undefined): Uploads | undefined {
  if (!options) return undefined;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFiles = options.maxFiles ?? 5;
  for (const [name, value] of Object.entries({ maxBytes, maxFiles })) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`createAgentChat: uploads.${name} must be a whole number ≥ 1 (got ${String(value)})`);
  }
  const mediaTypes = [...(options.mediaTypes ?? DEFAULT_UPLOAD_TYPES)].map((type) => type.toLowerCase());
  if (mediaTypes.length === 0) throw new TypeError('createAgentChat: uploads.mediaTypes must name at least one type');
  return { store: options.store ?? memoryBlobStore(), mediaTypes, maxBytes, maxFiles };
}
