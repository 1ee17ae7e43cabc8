import { z } from 'zod';
import { attachmentSchema, type Attachment } from './items.js';

/**
 * Files from the user (issue 21, point 2): `POST /uploads` (multipart, one `file` field) stores one file and answers
 * an {@link UploadResponse}; a message then names it by id (`attachments: [{ uploadId }]`). The bytes stay in the
 * server's blob store: a turn keeps only the reference, and the model's adapter reads the bytes when it builds a request.
 */

/** An upload's id, as the server made it (also the path parameter of `GET /uploads/:id`). */
export const uploadIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'uploadId may hold letters, digits, ".", "_", ":" and "-" only');

/** `POST /uploads`: what the server kept. `mediaType` is the type it checked (declared, and for images and PDF, the bytes). */
export const uploadResponseSchema = z.object({
  id: uploadIdSchema,
  name: z.string(),
  mediaType: z.string(),
  size: z.number(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * `GET /uploads`: what this server takes, so the element can refuse a file before sending it (the server checks
 * again). `maxBytes` is per file; `maxFiles` per message. A server without uploads answers 404.
 */
export const uploadLimitsSchema = z.object({
  mediaTypes: z.array(z.string()),
  maxBytes: z.number(),
  maxFiles: z.number(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/** A message's attachment that is an upload: `{ uploadId }`, the `id` of a `POST /uploads` answer, the caller's own. */
export const uploadReferenceSchema = z.object({ uploadId: uploadIdSchema });
export type UploadReference = z.infer<typeof uploadReferenceSchema>;

/**
 * What a user turn keeps of an upload: the reference and what to show for it (never the bytes). Its `id` is the
 * `uploadId`, so an upload is also an {@link Attachment} item to code that reads a turn's attachments as items.
 */
export const uploadedAttachmentSchema = attachmentSchema.extend({
  uploadId: uploadIdSchema,
  name: z.string(),
  mediaType: z.string(),
  size: z.number(),
});
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;

/**
 * One entry of a message's `attachments`: an upload's reference, or (as before uploads) a host item dropped onto
 * the chat or attached by the page. An entry with a string `uploadId` is an upload.
 */
export const messageAttachmentSchema = z.union([uploadReferenceSchema, attachmentSchema]);
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** One entry of a user turn's `attachments`: an upload's reference with its name, type and size, or a host item. */
export const turnAttachmentSchema = z.union([uploadedAttachmentSchema, attachmentSchema]);
export type TurnAttachment = z.infer<typeof turnAttachmentSchema>;

