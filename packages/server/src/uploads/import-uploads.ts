import type { Turn } from '@agent-chat/protocol';
import type { Model } from '../model/model.js';
import { TOOL_IMAGE_TYPES } from '../run/keep-tool-content.js';
import { typeAccepted } from './sniff-type.js';
import type { Uploads } from './upload-options.js';
import { ownUpload, type UploadIssue } from './message-uploads.js';

/**
 * The uploads an imported history names (a user turn's files, a tool result's images kept by reference), checked as
 * a message's are: each is there, the caller's, of the type the turn says, and one the model reads. A reference that
 * passed unchecked would be read when each request is built, and a PDF sent as an image would fail every later
 * request of the conversation.
 */
export async function checkImportUploads(turns: readonly Turn[], uploads: Uploads | undefined, model: Model, principal: string): Promise<UploadIssue | undefined> {
  for (const [index, turn] of turns.entries()) {
    const named: { field: string; uploadId: string; mediaType: string; image: boolean }[] = [];
    if (turn.type === 'user') {
      for (const [at, attachment] of (turn.attachments ?? []).entries()) {
        if ('uploadId' in attachment && typeof attachment.uploadId === 'string') {
          named.push({ field: `turns.${index}.attachments.${at}.uploadId`, uploadId: attachment.uploadId, mediaType: String(attachment.mediaType), image: false });
        }
      }
    }
    if (turn.type === 'tool_result') {
      for (const [at, part] of (turn.content ?? []).entries()) {
        if (part.type === 'image' && part.uploadId !== undefined) {
          named.push({ field: `turns.${index}.content.${at}.uploadId`, uploadId: part.uploadId, mediaType: part.mediaType, image: true });
        }
      }
    }
    for (const { field, uploadId, mediaType, image } of named) {
      const blob = await ownUpload(field, uploadId, uploads, principal);
      if ('status' in blob) return blob;
      if (blob.mediaType !== mediaType) {
        return { status: 400, code: 'invalid_request', field, message: `${field}: the upload is ${blob.mediaType}, not the ${mediaType} the turn says` };
      }
      const readable = image ? TOOL_IMAGE_TYPES.includes(blob.mediaType) : typeAccepted(blob.mediaType, model.attachmentTypes ?? []);
      if (!readable) return { status: 415, code: 'unsupported_media_type', field, message: `${field}: the model ${model.name} cannot read ${blob.mediaType}` };
    }
  }
  return undefined;
}
