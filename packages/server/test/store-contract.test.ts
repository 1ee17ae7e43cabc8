import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStore } from '../src/file-store.js';
import { memoryStore } from '../src/index.js';
import { copyOldFileStore } from './support/kept-from-before.js';
import { describeSessionStore } from './support/store-contract.js';

describeSessionStore('memoryStore', async () => {
  const store = memoryStore();
  return { store, again: async () => store, close: async () => {} };
});

describeSessionStore('fileStore', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agent-chat-contract-'));
  return {
    store: fileStore({ dir }),
    // A new store over the same folder reads everything back from the logs, with no cache of the first.
    again: async () => fileStore({ dir }),
    close: () => rm(dir, { recursive: true, force: true }),
    keptFromBefore: async () => {
      await copyOldFileStore(dir);
      return fileStore({ dir });
    },
  };
});
