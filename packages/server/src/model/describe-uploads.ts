import type { Turn, UploadedAttachment } from '@agent-chat/protocol';
import { isUpload } from './turn-uploads.js';

/** The uploads on the last user message of a history. */
export function lastUserUploads(turns: readonly Turn[]): UploadedAttachment[] {
  const last = turns.findLast((turn) => turn.type === 'user');
  return last?.type === 'user' ? (last.attachments ?? []).filter(isUpload) : [];
}

/**
 * What the scripted model says of the files it was sent ("I see 1 image: cat.png."), so the offline demo and the
 * tests show that they reached the model. Empty without uploads.
 */
export function describeUploads(uploads: readonly UploadedAttachment[]): string {
  if (!uploads.length) return '';
  const images = uploads.filter((upload) => upload.mediaType.startsWith('image/'));
  const files = uploads.filter((upload) => !upload.mediaType.startsWith('image/'));
  const list = (items: readonly UploadedAttachment[], one: string, many: string) =>
    `${items.length} ${items.length === 1 ? one : many}: ${items.map((item) => item.name).join(', ')}`;
  const seen = [images.length ? list(images, 'image', 'images') : '', files.length ? list(files, 'file', 'files') : ''].filter(Boolean);
  return `I see ${seen.join(' and ')}.`;
}
