import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/file-store.js';
import { sessionRef } from '../src/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-chat-leftovers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fileStore at start', () => {
  it('removes the *.tmp files a crash left between write and rename, and keeps the sessions', async () => {
    const ref = await sessionRef('p', 's1');
    const session = { id: 's1', owner: 'p', turns: [], pending: [], turnHasWrites: false, lastEventId: 0, updatedAt: 1 };
    await writeFile(join(dir, `${ref.key}.jsonl`), `${JSON.stringify({ v: 3, snapshot: session })}\n`);
    await writeFile(join(dir, `${ref.key}.jsonl.4242.1.tmp`), '{"v":4,"snapshot":{"id":"s1","tur');
    await writeFile(join(dir, 's2.jsonl.4242.2.tmp'), '');
    const store = fileStore({ dir });
    expect(await store.load(ref)).toEqual({ ...session, version: 3 });
    expect((await readdir(dir)).sort()).toEqual([`${ref.key}.jsonl`]);
  });
});
