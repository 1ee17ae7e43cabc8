import { uploadIdSchema, type UploadLimits, type UploadResponse } from '@agent-chat/protocol';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import type { StoredBlob } from './blob-store.js';
import { baseType, bytesMatchType, typeAccepted } from './sniff-type.js';
import type { Uploads } from './upload-options.js';
import { cutText } from '../text/cut-text.js';

/** What a multipart body may hold beyond the file itself (boundaries, the part's headers, a name). */
const MULTIPART_OVERHEAD = 16 * 1024;
/** The longest file name kept; a longer one is cut (it is shown on a chip and told to the model). */
const MAX_NAME = 200;

/**
 * `GET /uploads` (the limits), `POST /uploads` (multipart, one `file` field) and `GET /uploads/:id` (the caller's
 * own file, for thumbnails). Mounted before the JSON-only guard: an upload is the one request that is not JSON. A
 * cross-site form can post multipart without a preflight, but the origin guard in front has already refused any
 * foreign page, and the principal and rate limit (`gate`) run here as on every other route.
 */
export function uploadsRoute(uploads: Uploads | undefined, gate: readonly MiddlewareHandler<AgentChatEnv>[]) {
  // A server without uploads has no such routes: /uploads answers the app's 404, and the element shows no picker.
  if (!uploads) {
    // Answered here, ahead of the JSON-only guard, which would otherwise call a multipart post a 415.
    const off = (c: Context<AgentChatEnv>) =>
      errorJson(c, 404, 'not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}: this server takes no uploads`);
    return new Hono<AgentChatEnv>().all('/uploads', off).all('/uploads/*', off);
  }
  const guard = every(...gate);
  const limits: UploadLimits = { mediaTypes: uploads.mediaTypes, maxBytes: uploads.maxBytes, maxFiles: uploads.maxFiles };
  const tooBig = `file: larger than the ${uploads.maxBytes} bytes this server accepts`;
  return new Hono<AgentChatEnv>()
    .get('/uploads', guard, (c) => c.json(limits))
    .post(
      '/uploads',
      guard,
      bodyLimit({ maxSize: uploads.maxBytes + MULTIPART_OVERHEAD, onError: (c) => errorJson(c, 413, 'payload_too_large', tooBig, { field: 'file' }) }),
      async (c) => {
        const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'multipart/form-data') {
          return errorJson(c, 415, 'unsupported_media_type', `content-type: POST /uploads takes multipart/form-data (got ${type || 'none'})`, { field: 'content-type' });
        }
        let form: Record<string, string | File | (string | File)[]>;
        try {
          form = await c.req.parseBody({ all: true });
        } catch {
          return errorJson(c, 400, 'invalid_request', 'body: not a readable multipart/form-data body', { field: 'body' });
        }
        const file = form['file'];
        if (Array.isArray(file)) return errorJson(c, 400, 'invalid_request', 'file: one file per upload', { field: 'file' });
        if (!(file instanceof File)) return errorJson(c, 400, 'invalid_request', 'file: a multipart field "file" holding a file is required', { field: 'file' });
        if (file.size > uploads.maxBytes) return errorJson(c, 413, 'payload_too_large', tooBig, { field: 'file' });
        if (file.size === 0) return errorJson(c, 400, 'invalid_request', 'file: empty', { field: 'file' });
        const mediaType = baseType(file.type || 'application/octet-stream');
        if (!typeAccepted(mediaType, uploads.mediaTypes)) {
          return errorJson(c, 415, 'unsupported_media_type', `file: ${mediaType} is not a type this server accepts (${uploads.mediaTypes.join(', ')})`, { field: 'file' });
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!bytesMatchType(bytes, mediaType)) {
          return errorJson(c, 415, 'unsupported_media_type', `file: its content is not ${mediaType}, the type it was sent as`, { field: 'file' });
        }
        const blob: StoredBlob = {
          id: `up_${crypto.randomUUID().replace(/-/g, '')}`,
          owner: c.get('principal'),
          name: cutText(file.name || 'file', MAX_NAME),
          mediaType,
          size: bytes.byteLength,
          createdAt: Date.now(),
          bytes,
        };
        await uploads.store.put(blob);
        const answer: UploadResponse = { id: blob.id, name: blob.name, mediaType, size: blob.size };
        return c.json(answer, 201);
      },
    )
    .get('/uploads/:id', guard, async (c) => {
      const id = uploadIdSchema.safeParse(c.req.param('id'));
      const blob = id.success ? await uploads.store.get(id.data) : undefined;
      // Someone else's upload gets the same 404 as none: an id tells a stranger nothing.
      if (!blob || blob.owner !== c.get('principal')) return errorJson(c, 404, 'not_found', `No upload "${c.req.param('id')}" here`, { field: 'id' });
      return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': blob.mediaType,
        'content-length': String(blob.size),
        // Shown as an image or offered as a file, never run as a page of this origin.
        'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(blob.name)}`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, max-age=3600',
      });
    });
}
