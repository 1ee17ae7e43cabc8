/**
 * One uploaded file as a blob store keeps it. `owner` is the principal that uploaded it: as with sessions, only
 * they may read it back or send it with a message; anyone else is told it does not exist.
 */
export interface StoredBlob {
  id: string;
  owner: string;
  name: string;
  mediaType: string;
  size: number;
  createdAt: number;
  bytes: Uint8Array;
}

/**
 * Where uploads are kept, by id. `memoryBlobStore()` (default) and `fileBlobStore({ dir })` (from
 * `@agent-chat/server/file-store`) implement it; a Redis or S3-style store is these three calls over its own client
 * (put an object under the id with the other fields as metadata, get it back, delete it). Ids are made by the
 * server (128 random bits), so a store needs no id scheme of its own.
 */
export interface BlobStore {
  put(blob: StoredBlob): Promise<void>;
  /** The blob, or undefined when there is none under this id. The caller checks the owner. */
  get(id: string): Promise<StoredBlob | undefined>;
  delete(id: string): Promise<void>;
}

export interface MemoryBlobStoreOptions {
  /** Blobs kept at most, oldest dropped first (their messages then say the file is gone). Default 1,000. */
  maxBlobs?: number;
  /** Bytes kept at most, all blobs together, oldest dropped first. Default 256 MiB. */
  maxTotalBytes?: number;
  /**
   * Blobs one owner keeps at most: past it, that owner's own oldest go first, so one busy user cannot push everyone
   * else's files out. Default half of `maxBlobs`: a single user (a demo, an agent that keeps many screenshots) still
   * has most of the store.
   */
  maxBlobsPerOwner?: number;
  /** Bytes one owner keeps at most, as `maxBlobsPerOwner`. Default half of `maxTotalBytes`. */
  maxBytesPerOwner?: number;
}

/** Uploads in this process's memory: for tests, demos and a single instance that can lose them on restart. */
export function memoryBlobStore(options: MemoryBlobStoreOptions = {}): BlobStore {
  const maxBlobs = options.maxBlobs ?? 1000;
  const maxTotalBytes = options.maxTotalBytes ?? 256 * 1024 * 1024;
  const maxBlobsPerOwner = options.maxBlobsPerOwner ?? Math.ceil(maxBlobs / 2);
  const maxBytesPerOwner = options.maxBytesPerOwner ?? maxTotalBytes / 2;
  // Maps iterate in insertion order: the first key is the oldest, of all blobs and of each owner's.
  const blobs = new Map<string, StoredBlob>();
  const owners = new Map<string, { ids: Set<string>; bytes: number }>();
  let total = 0;
  const drop = (id: string) => {
    const blob = blobs.get(id);
    if (!blob) return;
    total -= blob.bytes.byteLength;
    blobs.delete(id);
    const owner = owners.get(blob.owner)!;
    owner.ids.delete(id);
    owner.bytes -= blob.bytes.byteLength;
    if (owner.ids.size === 0) owners.delete(blob.owner);
  };
  return {
    async put(blob) {
      drop(blob.id);
      blobs.set(blob.id, { ...blob, bytes: blob.bytes.slice() });
      total += blob.bytes.byteLength;
      const owner = owners.get(blob.owner) ?? { ids: new Set<string>(), bytes: 0 };
      owners.set(blob.owner, owner);
      owner.ids.add(blob.id);
      owner.bytes += blob.bytes.byteLength;
      // The newest always stays: first the owner's own oldest, past their share; then the oldest of all.
      while (owner.ids.size > 1 && (owner.ids.size > maxBlobsPerOwner || owner.bytes > maxBytesPerOwner)) drop(owner.ids.values().next().value!);
      while (blobs.size > 1 && (blobs.size > maxBlobs || total > maxTotalBytes)) drop(blobs.keys().next().value!);
    },
    async get(id) {
      const blob = blobs.get(id);
      return blob && { ...blob, bytes: blob.bytes.slice() };
    },
    async delete(id) {
      drop(id);
    },
  };
}
