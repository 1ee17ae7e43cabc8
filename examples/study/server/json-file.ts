import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Small JSON files for the example's app data (notes, decks, memories). Writes go through a temporary file and a
 * rename so a crash leaves the old file or the new one; writes to one file are queued so two quick saves from the
 * page cannot interleave.
 */
export class JsonFiles {
  private readonly queues = new Map<string, Promise<unknown>>();

  async read<T>(path: string, fallback: () => T): Promise<T> {
    await this.queues.get(path)?.catch(() => undefined);
    try {
      return JSON.parse(await readFile(path, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback();
      throw error;
    }
  }

  /** Read, change and write one file as a unit: the change sees every earlier write. */
  update<T>(path: string, fallback: () => T, change: (value: T) => T): Promise<T> {
    const previous = this.queues.get(path) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(async () => {
      let value: T;
      try {
        value = JSON.parse(await readFile(path, 'utf8')) as T;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        value = fallback();
      }
      const updated = change(value);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, JSON.stringify(updated, null, 2));
      await rename(temporary, path);
      return updated;
    });
    this.queues.set(path, next);
    void next.finally(() => {
      if (this.queues.get(path) === next) this.queues.delete(path);
    }).catch(() => undefined);
    return next;
  }
}
