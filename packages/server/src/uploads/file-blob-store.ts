import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore, StoredBlob } from './blob-store.js';

export interface FileBlobStoreOptions {
  /** The folder the uploads go in (made if missing): two files per upload, `<id>.bin` and `<id>.json`. */
  dir: string;
}

/**
 * Uploads as files, for one instance with a disk: the bytes in `<id>.bin`, the rest in `<id>.json`. Ids are the
 * server's own (letters, digits, `_`, `-`), checked again here so that no id can name a path outside `dir`.
 */
export function fileBlobStore(options: FileBlobStoreOptions): BlobStore {
  const ready = mkdir(options.dir, { recursive: true });
  const path = (id: string, ext: string) => {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) throw new TypeError(`fileBlobStore: "${id}" is not an upload id`);
    return join(options.dir, `${id}.${ext}`);
  };
  return {
    async put(blob) {
      await ready;
      const { bytes, ...meta } = blob;
      // The bytes first: metadata present means the upload is whole. Each file is written beside and renamed into
      // place, so a crash mid-write leaves no half file under the upload's name.
      await writeWhole(path(blob.id, 'bin'), bytes);
      await writeWhole(path(blob.id, 'json'), JSON.stringify(meta));
    },
    async get(id) {
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) return undefined;
      await ready;
      try {
        const meta = JSON.parse(await readFile(path(id, 'json'), 'utf8')) as Omit<StoredBlob, 'bytes'>;
        const bytes = new Uint8Array(await readFile(path(id, 'bin')));
        return { ...meta, bytes };
      } catch (error) {
        // Missing, or metadata that does not parse (written by a store before writes were renamed into place).
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
        throw error;
      }
    },
    async delete(id) {
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) return;
      await ready;
      await rm(path(id, 'json'), { force: true });
      await rm(path(id, 'bin'), { force: true });
    },
  };
}

async function writeWhole(file: string, data: Uint8Array | string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
}
