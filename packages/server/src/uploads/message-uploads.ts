import type { MessageAttachment, TurnAttachment } from '@agent-chat/protocol';
import type { ErrorCode } from '@agent-chat/protocol';
import type { Model } from '../model/model.js';
import { typeAccepted } from './sniff-type.js';
import type { StoredBlob } from './blob-store.js';
import type { Uploads } from './upload-options.js';

export interface UploadIssue {
  status: 400 | 415;
  code: ErrorCode;
  field: string;
  message: string;
}

/**
 * A message's attachments as its user turn keeps them: each upload reference checked (it exists, it is the
 * caller's, the model reads its type) and completed with its name, type and size; host items as they came. The
 * bytes stay in the blob store. Checked before the run, so a refused file costs no model call.
 */
export async function resolveMessageUploads(
  attachments: readonly MessageAttachment[] | undefined,
  uploads: Uploads | undefined,
  model: Model,
  principal: string,
): Promise<{ attachments: TurnAttachment[] } | { issue: UploadIssue }> {
  const resolved: TurnAttachment[] = [];
  const count = (attachments ?? []).filter((attachment) => 'uploadId' in attachment).length;
  if (uploads && count > uploads.maxFiles) {
    return { issue: { status: 400, code: 'invalid_request', field: 'attachments', message: `attachments: ${count} uploads, more than the ${uploads.maxFiles} one message may carry` } };
  }
  for (const [index, attachment] of (attachments ?? []).entries()) {
    if (!('uploadId' in attachment)) {
      resolved.push(attachment);
      continue;
    }
    const field = `attachments[${index}].uploadId`;
    const blob = await ownUpload(field, attachment.uploadId, uploads, principal);
    if ('status' in blob) return { issue: blob };
    if (!typeAccepted(blob.mediaType, model.attachmentTypes ?? [])) {
      const takes = model.attachmentTypes?.length ? `it reads ${model.attachmentTypes.join(', ')}` : 'it reads no attachments';
      return { issue: { status: 415, code: 'unsupported_media_type', field, message: `${field}: the model ${model.name} cannot read ${blob.mediaType} (${takes})` } };
    }
    resolved.push({ id: blob.id, uploadId: blob.id, name: blob.name, mediaType: blob.mediaType, size: blob.size });
  }
  return { attachments: resolved };
}

/**
 * The caller's upload `uploadId`, named by `field` (a message's attachment, an imported turn's file): the issue when
 * this server takes no uploads or has no such upload of theirs. Someone else's upload reads as none, as a session does.
 */
export async function ownUpload(field: string, uploadId: string, uploads: Uploads | undefined, principal: string): Promise<StoredBlob | UploadIssue> {
  if (!uploads) return { status: 400, code: 'invalid_request', field, message: `${field}: this server takes no uploads` };
  const blob = await uploads.store.get(uploadId);
  if (!blob || blob.owner !== principal) return { status: 400, code: 'invalid_request', field, message: `${field}: no upload "${uploadId}" here (it may have expired)` };
  return blob;
}
