import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionRecord } from '../session/session-record.js';
import type { SessionStore } from './session-store.js';

export interface FileStoreOptions {
  /** The folder that holds one JSON file per session; created if missing. */
  dir: string;
}

/**
 * One JSON file per session, replaced atomically: the record is written to a temporary file, flushed to disk,
 * then renamed over the old one, so a crash (even SIGKILL mid-write) leaves either the old file or the new one.
 */
export function fileStore(options: FileStoreOptions): SessionStore {
  const { dir } = options;
  const ready = mkdir(dir, { recursive: true }).then(() => removeLeftovers(dir));
  // Saves of one session are chained so two writes never race on the rename.
  const queues = new Map<string, Promise<void>>();
  let counter = 0;

  const fileOf = (sessionId: string) => join(dir, `${encodeURIComponent(sessionId)}.json`);

  async function write(record: SessionRecord): Promise<void> {
    await ready;
    const target = fileOf(record.id);
    const temp = `${target}.${process.pid}.${++counter}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(JSON.stringify(record));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  }

  return {
    async load(sessionId) {
      await ready;
      await queues.get(sessionId);
      try {
        return JSON.parse(await readFile(fileOf(sessionId), 'utf8')) as SessionRecord;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    save(record) {
      const snapshot = structuredClone(record);
      const previous = queues.get(record.id) ?? Promise.resolve();
      const next = previous.catch(() => {}).then(() => write(snapshot));
      queues.set(record.id, next);
      void next.finally(() => {
        if (queues.get(record.id) === next) queues.delete(record.id);
      }).catch(() => {});
      return next;
    },
    async delete(sessionId) {
      await ready;
      await queues.get(sessionId)?.catch(() => {});
      await rm(fileOf(sessionId), { force: true });
    },
  };
}

/**
 * A crash between writing a temporary file and renaming it leaves the temporary file behind. At start, no write of
 * this store is in flight yet, so every `*.tmp` in the folder is such a leftover.
 * (One folder belongs to one process: two processes writing one folder are not supported.)
 */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir);
  await Promise.all(names.filter((name) => name.endsWith('.tmp')).map((name) => rm(join(dir, name), { force: true })));
}
