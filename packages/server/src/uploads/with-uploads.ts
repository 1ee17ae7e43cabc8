import type { Model, ModelRequest, UploadBytes } from '../model/model.js';
import type { BlobStore } from './blob-store.js';

/**
 * The host's model, given a way to read uploads' bytes with each request (ModelRequest.readUpload): the loop and the
 * turns carry only references, and the provider's adapter reads the files when it builds its request. Reading by
 * id alone is safe because ids are 122 random bits that only their uploader learns, and a message naming one is
 * checked against its owner (message-uploads.ts).
 */
export function withUploads(model: Model, store: BlobStore): Model {
  const readUpload = async (uploadId: string): Promise<UploadBytes | undefined> => {
    const blob = await store.get(uploadId);
    return blob && { name: blob.name, mediaType: blob.mediaType, bytes: blob.bytes };
  };
  // The model's own fields (name, attachmentTypes, anything a host added) stay reachable through the prototype.
  const wrapped: Model = Object.create(model);
  Object.defineProperty(wrapped, 'stream', { value: (request: ModelRequest) => model.stream({ ...request, readUpload }) });
  return wrapped;
}
