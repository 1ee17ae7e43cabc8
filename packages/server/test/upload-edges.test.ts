import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { fileBlobStore } from '../src/file-store.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// Uploads at their edges: a server without uploads answers every /uploads route with 404 (not the JSON guard's 415),
// a file name cut mid-emoji is served, the file blob store writes whole files and reads a torn one as missing, and
// an imported history's uploads are checked as a message's are.

const SMILE = '\u{1F600}';

describe('uploads, reviewed', () => {
  let off: RunningServer;
  let on: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-chat-review-'));
    const authorize = (c: { req: { header(name: string): string | undefined } }) => c.req.header('x-who') ?? 'reviewer';
    off = await serveApp(createAgentChat({ model: scriptedModel([[{ text: 'ok' }]]), authorize }));
    on = await serveApp(createAgentChat({ model: scriptedModel([[{ text: 'ok' }]]), authorize, uploads: { store: fileBlobStore({ dir }) } }));
  });
  afterAll(async () => {
    await off.close();
    await on.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = (server: RunningServer, name: string) => {
    const form = new FormData();
    form.append('file', new File(['hello'], name, { type: 'text/plain' }));
    return fetch(`${server.url}/uploads`, { method: 'POST', body: form });
  };

  it('a server without uploads answers every /uploads route with 404', async () => {
    const posted = await upload(off, 'a.txt');
    expect(posted.status).toBe(404);
    expect((await posted.json()).error.code).toBe('not_found');
    expect((await fetch(`${off.url}/uploads`)).status).toBe(404);
    expect((await fetch(`${off.url}/uploads/up_1`)).status).toBe(404);
  });

  it('a name cut in the middle of an emoji is served, whole characters only', async () => {
    const posted = await upload(on, `${'a'.repeat(199)}${SMILE}.txt`);
    expect(posted.status).toBe(201);
    const { id, name } = await posted.json();
    expect(name).toBe('a'.repeat(199));
    const served = await fetch(`${on.url}/uploads/${id}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('hello');
    // Written whole: no partial file is left beside the upload's two.
    expect((await readdir(dir)).filter((file) => file.startsWith(id)).sort()).toEqual([`${id}.bin`, `${id}.json`]);
  });

  it('an upload whose metadata was torn by a crash is missing, not a 500', async () => {
    const { id } = await (await upload(on, 'b.txt')).json();
    await writeFile(join(dir, `${id}.json`), '{"id":');
    expect((await fetch(`${on.url}/uploads/${id}`)).status).toBe(404);
  });
});

describe('importing a history that names uploads', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const authorize = (c: { req: { header(name: string): string | undefined } }) => c.req.header('x-who') ?? 'reviewer';
    server = await serveApp(createAgentChat({ model: scriptedModel([[{ text: 'ok' }]]), authorize, uploads: {} }));
  });
  afterAll(() => server.close());

  const uploadText = async (who: string) => {
    const form = new FormData();
    form.append('file', new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    return (await (await fetch(`${server.url}/uploads`, { method: 'POST', body: form, headers: { 'x-who': who } })).json()) as { id: string };
  };
  const put = (session: string, turns: unknown[]) =>
    fetch(`${server.url}/sessions/${session}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ turns }) });
  const userTurn = (uploadId: string, mediaType: string) => ({
    id: 'u1',
    createdAt: 1,
    type: 'user',
    text: 'read this',
    attachments: [{ id: uploadId, uploadId, name: 'notes.txt', mediaType, size: 5 }],
  });

  it("takes the caller's own upload as the turn names it, and refuses someone else's, or one named as another type", async () => {
    const mine = await uploadText('reviewer');
    const theirs = await uploadText('someone-else');
    expect((await put('import-ok', [userTurn(mine.id, 'text/plain')])).status).toBe(200);

    const stranger = await put('import-theirs', [userTurn(theirs.id, 'text/plain')]);
    expect(stranger.status).toBe(400);
    expect((await stranger.json()).error.field).toBe('turns.0.attachments.0.uploadId');

    const posing = await put('import-posing', [userTurn(mine.id, 'image/png')]);
    expect(posing.status).toBe(400);
    expect((await posing.json()).error.message).toContain('the upload is text/plain, not the image/png the turn says');

    const toolImage = await put('import-tool-image', [
      { id: 'u1', createdAt: 1, type: 'user', text: 'draw' },
      { id: 'c1', createdAt: 2, type: 'tool_call', toolCallId: 'call_1', name: 'draw', kind: 'read', input: {} },
      { id: 'r1', createdAt: 3, type: 'tool_result', toolCallId: 'call_1', output: '[image]', isError: false, content: [{ type: 'image', mediaType: 'text/plain', size: 5, uploadId: mine.id }] },
    ]);
    expect(toolImage.status).toBe(400);
  });
});
