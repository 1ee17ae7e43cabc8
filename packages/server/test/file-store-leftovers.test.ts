import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/file-store.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-chat-leftovers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fileStore at start', () => {
  it('removes the *.tmp files a crash left between write and rename, and keeps the sessions', async () => {
    const session = { id: 's1', owner: 'p', turns: [], pending: [], turnHasWrites: false, lastEventId: 0, updatedAt: 1 };
    await writeFile(join(dir, 's1.json'), JSON.stringify(session));
    await writeFile(join(dir, 's1.json.4242.1.tmp'), '{"id":"s1","tur');
    await writeFile(join(dir, 's2.json.4242.2.tmp'), '');
    const store = fileStore({ dir });
    expect(await store.load('s1')).toEqual(session);
    expect((await readdir(dir)).sort()).toEqual(['s1.json']);
  });
});
