import Anthropic from '@anthropic-ai/sdk';
import type { SessionResponse, UploadLimits, UploadResponse } from '@agent-chat/protocol';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicModel,
  createAgentChat,
  memoryBlobStore,
  openAICompatibleModel,
  scriptedModel,
  type AgentChatAppOptions,
  type BlobStore,
  type Model,
  type StoredBlob,
} from '../src/index.js';
import { fileBlobStore } from '../src/file-store.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { startFakeOpenAI, type FakeOpenAI } from './support/fake-openai.js';
import { rawClient } from './support/fuzz/raw-http.js';

// Real files' first bytes: the server checks them against the declared type.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const TEXT = new TextEncoder().encode('Line one\nLine two\n');

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function form(bytes: Uint8Array, name: string, type: string, field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
}

async function upload(client: AgentClient, bytes: Uint8Array, name: string, type: string): Promise<Response> {
  return client.request('/uploads', { method: 'POST', body: form(bytes, name, type) });
}

async function uploaded(client: AgentClient, bytes: Uint8Array, name: string, type: string): Promise<UploadResponse> {
  const response = await upload(client, bytes, name, type);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as UploadResponse;
}

async function errorOf(response: Response): Promise<{ status: number; code: string; field: string | undefined; message: string }> {
  const body = (await response.json()) as { error: { code: string; field?: string; message: string } };
  return { status: response.status, code: body.error.code, field: body.error.field, message: body.error.message };
}

const servers: RunningServer[] = [];
async function serve(options: AgentChatAppOptions): Promise<string> {
  const server = await serveApp(createAgentChat(options));
  servers.push(server);
  return server.url;
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('POST /uploads, GET /uploads, GET /uploads/:id', () => {
  let url: string;
  beforeAll(async () => {
    url = await serve({ model: scriptedModel([[{ text: 'ok' }]]), uploads: { maxBytes: 1024, maxFiles: 2 } });
  });

  it('answers the limits, then stores a file and answers its id, name, type and size', async () => {
    const client = agentClient(url);
    const limits = (await (await client.request('/uploads')).json()) as UploadLimits;
    expect(limits).toEqual({ mediaTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'], maxBytes: 1024, maxFiles: 2 });
    const file = await uploaded(client, PNG, 'dot.png', 'image/png');
    expect(file).toMatchObject({ name: 'dot.png', mediaType: 'image/png', size: PNG.byteLength });
    expect(file.id).toMatch(/^up_[0-9a-f]{32}$/);
    const back = await client.request(`/uploads/${file.id}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(back.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a file over maxBytes with 413 naming `file`', async () => {
    const client = agentClient(url);
    const big = new Uint8Array(2048);
    big.set(PNG);
    expect(await errorOf(await upload(client, big, 'big.png', 'image/png'))).toMatchObject({ status: 413, code: 'payload_too_large', field: 'file' });
    // Past the multipart allowance too: refused by the body limit before the body is read.
    const huge = new Uint8Array(64 * 1024);
    expect(await errorOf(await upload(client, huge, 'huge.png', 'image/png'))).toMatchObject({ status: 413, field: 'file' });
  });

  it('ends the connection after refusing a chunked upload past the limit, so the next request on it is answered', async () => {
    // Found by the route fuzz: the body limit stops reading a chunked body part way, so the body counts as used,
    // the connection was kept, and the next request on it met the rest of the file and got no answer.
    const raw = rawClient(url);
    try {
      const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n');
      const body = Uint8Array.from([...head, ...PNG, ...new Uint8Array(200 * 1024), ...Buffer.from('\r\n--b--\r\n')]);
      const refused = await raw.send({ method: 'POST', path: '/uploads', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body, framing: 'chunked' });
      expect(refused.status).toBe(413);
      expect(refused.headers['connection']).toBe('close');
      for (let attempt = 0; attempt < 3; attempt++) expect((await raw.send({ method: 'GET', path: '/uploads', headers: {}, framing: 'length' })).status).toBe(200);
    } finally {
      raw.close();
    }
  });

  it('refuses a type not listed, and bytes that are not their declared type, with 415 naming `file`', async () => {
    const client = agentClient(url);
    const zip = await errorOf(await upload(client, new Uint8Array([0x50, 0x4b, 3, 4]), 'a.zip', 'application/zip'));
    expect(zip).toMatchObject({ status: 415, code: 'unsupported_media_type', field: 'file' });
    expect(zip.message).toContain('application/zip');
    const fake = await errorOf(await upload(client, TEXT, 'not-really.png', 'image/png'));
    expect(fake).toMatchObject({ status: 415, field: 'file' });
    expect(fake.message).toContain('not image/png');
    const pdf = await errorOf(await upload(client, PNG, 'not-really.pdf', 'application/pdf'));
    expect(pdf).toMatchObject({ status: 415, field: 'file' });
    const binaryText = await errorOf(await upload(client, new Uint8Array([0xff, 0xfe, 0x00, 0xc3]), 'a.txt', 'text/plain'));
    expect(binaryText).toMatchObject({ status: 415, field: 'file' });
  });

  it('refuses a body without a file field (400 naming `file`) and a JSON body (415 naming content-type)', async () => {
    const client = agentClient(url);
    expect(await errorOf(await client.request('/uploads', { method: 'POST', body: form(PNG, 'a.png', 'image/png', 'other') }))).toMatchObject({ status: 400, field: 'file' });
    const json = await client.request('/uploads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await errorOf(json)).toMatchObject({ status: 415, field: 'content-type' });
  });

  it('serves an upload to its owner only, and refuses a stranger’s upload on a message', async () => {
    const owner = agentClient(url);
    const stranger = agentClient(url);
    const file = await uploaded(owner, PNG, 'mine.png', 'image/png');
    expect((await stranger.request(`/uploads/${file.id}`)).status).toBe(404);
    expect((await owner.request('/uploads/up_00000000000000000000000000000000')).status).toBe(404);
    const sent = await errorOf(await stranger.send('s-stranger', { text: 'look', attachments: [{ uploadId: file.id }] }));
    expect(sent).toMatchObject({ status: 400, code: 'invalid_request', field: 'attachments[0].uploadId' });
    const unknown = await errorOf(await owner.send('s-owner', { text: 'look', attachments: [{ id: 'F-1' }, { uploadId: 'up_nothing' }] }));
    expect(unknown).toMatchObject({ status: 400, field: 'attachments[1].uploadId' });
  });

  it('refuses a multipart post from a page of a foreign origin (a cross-site form), storing nothing', async () => {
    const client = agentClient(url, { headers: { origin: 'https://evil.example' } });
    const answer = await errorOf(await upload(client, PNG, 'dot.png', 'image/png'));
    expect(answer).toMatchObject({ status: 403, code: 'forbidden', field: 'origin' });
  });

  it('counts uploads against the same rate limit as the other routes', async () => {
    const limited = await serve({ model: scriptedModel([[{ text: 'ok' }]]), uploads: {}, rateLimit: { limit: 2 } });
    const client = agentClient(limited);
    expect((await client.request('/uploads')).status).toBe(200);
    expect((await upload(client, PNG, 'dot.png', 'image/png')).status).toBe(201);
    expect((await client.request('/tools')).status).toBe(429);
  });

  it('refuses more uploads on one message than maxFiles', async () => {
    const client = agentClient(url);
    // One after another: the first answer sets this client's cookie, its principal.
    const files = [];
    for (const n of [1, 2, 3]) files.push(await uploaded(client, TEXT, `${n}.txt`, 'text/plain'));
    const answer = await errorOf(await client.send('s-many', { text: 'three', attachments: files.map((file) => ({ uploadId: file.id })) }));
    expect(answer).toMatchObject({ status: 400, field: 'attachments' });
  });

  it('keeps the reference in the history, not the bytes, and the scripted model names the files', async () => {
    const client = agentClient(url);
    const image = await uploaded(client, PNG, 'dot.png', 'image/png');
    const notes = await uploaded(client, TEXT, 'notes.txt', 'text/plain');
    const events = await client.run('s-history', { text: 'what is this?', attachments: [{ uploadId: image.id }, { uploadId: notes.id }, { id: 'F-1', title: 'A fact' }] });
    const said = events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data.text] : [])).join('');
    expect(said).toContain('I see 1 image: dot.png and 1 file: notes.txt.');
    const response = await client.historyRaw('s-history');
    const raw = await response.text();
    expect(raw).not.toContain(base64(PNG));
    const history = JSON.parse(raw) as SessionResponse;
    const user = history.turns.find((turn) => turn.type === 'user');
    expect(user?.type === 'user' && user.attachments).toEqual([
      { id: image.id, uploadId: image.id, name: 'dot.png', mediaType: 'image/png', size: PNG.byteLength },
      { id: notes.id, uploadId: notes.id, name: 'notes.txt', mediaType: 'text/plain', size: TEXT.byteLength },
      { id: 'F-1', title: 'A fact' },
    ]);
  });
});

describe('a server without uploads', () => {
  it('answers 404 on /uploads, and 400 naming the field for a message with an upload', async () => {
    const url = await serve({ model: scriptedModel([[{ text: 'ok' }]]) });
    const client = agentClient(url);
    expect((await client.request('/uploads')).status).toBe(404);
    expect((await client.request('/uploads', { method: 'POST', body: form(PNG, 'a.png', 'image/png') })).status).toBe(404);
    expect(await errorOf(await client.send('s', { text: 'x', attachments: [{ uploadId: 'up_x' }] }))).toMatchObject({ status: 400, field: 'attachments[0].uploadId' });
  });
});

describe('uploads reach the models as their content blocks', () => {
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let dir: string;
  beforeAll(async () => {
    anthropic = await startFakeAnthropic({ replies: () => ({ content: [{ type: 'text', text: 'Seen.' }] }) });
    openai = await startFakeOpenAI({ replies: () => ({ text: 'Seen.' }) });
    dir = await mkdtemp(join(tmpdir(), 'agent-chat-uploads-'));
  });
  afterAll(async () => {
    await anthropic.close();
    await openai.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('Anthropic (through the real SDK): an image block, a PDF document block and a text document, before the text', async () => {
    const client = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: anthropic.baseURL, maxRetries: 0 });
    // The file store, so the bytes are read back from disk when the request is built.
    const url = await serve({ model: anthropicModel({ model: 'claude-test', client }), uploads: { store: fileBlobStore({ dir }) } });
    const user = agentClient(url);
    const image = await uploaded(user, PNG, 'dot.png', 'image/png');
    const pdf = await uploaded(user, PDF, 'paper.pdf', 'application/pdf');
    const text = await uploaded(user, TEXT, 'notes.txt', 'text/plain');
    const before = anthropic.requests.length;
    await user.run('s-anthropic', { text: 'Summarise these', attachments: [{ uploadId: image.id }, { uploadId: pdf.id }, { uploadId: text.id }] });
    const request = anthropic.requests[before] as { messages: { role: string; content: unknown[] }[] };
    expect(request.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64(PNG) } },
        { type: 'document', title: 'paper.pdf', source: { type: 'base64', media_type: 'application/pdf', data: base64(PDF) } },
        { type: 'document', title: 'notes.txt', source: { type: 'text', media_type: 'text/plain', data: 'Line one\nLine two\n' } },
        { type: 'text', text: 'Summarise these' },
      ],
    });
    // The next message sends the history again: the files are read again by reference.
    await user.run('s-anthropic', { text: 'And again?' });
    const again = anthropic.requests.at(-1) as { messages: { role: string; content: { type: string }[] }[] };
    expect(again.messages[0]!.content.map((block) => block.type)).toEqual(['image', 'document', 'document', 'text']);
  });

  it('OpenAI-compatible: an image_url part with a data URL; a PDF is refused with 415 before the run', async () => {
    const url = await serve({ model: openAICompatibleModel({ model: 'fake-model', baseURL: openai.baseURL }), uploads: {} });
    const user = agentClient(url);
    const image = await uploaded(user, PNG, 'dot.png', 'image/png');
    const pdf = await uploaded(user, PDF, 'paper.pdf', 'application/pdf');
    const before = openai.requests.length;
    const refused = await errorOf(await user.send('s-openai', { text: 'Read this', attachments: [{ uploadId: image.id }, { uploadId: pdf.id }] }));
    expect(refused).toMatchObject({ status: 415, code: 'unsupported_media_type', field: 'attachments[1].uploadId' });
    expect(refused.message).toContain('application/pdf');
    expect(openai.requests.length).toBe(before);
    await user.run('s-openai', { text: 'What is in it?', attachments: [{ uploadId: image.id }] });
    const body = openai.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages.find((message) => message.role === 'user')).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in it?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${base64(PNG)}` } },
      ],
    });
  });

  it('a model that declares no attachment types gets a 415 naming the field, and never runs', async () => {
    let calls = 0;
    const plain: Model = {
      name: 'plain',
      async *stream() {
        calls++;
        yield { type: 'text_delta', text: 'hi' };
        yield { type: 'stop', reason: 'end_turn' };
      },
    };
    const url = await serve({ model: plain, uploads: {} });
    const user = agentClient(url);
    const image = await uploaded(user, PNG, 'dot.png', 'image/png');
    const refused = await errorOf(await user.send('s-plain', { text: 'See?', attachments: [{ uploadId: image.id }] }));
    expect(refused).toMatchObject({ status: 415, field: 'attachments[0].uploadId' });
    expect(refused.message).toContain('reads no attachments');
    expect(calls).toBe(0);
  });
});

describe('the blob stores keep, give back and delete a blob by id', () => {
  const blob = (id: string): StoredBlob => ({ id, owner: 'p1', name: 'dot.png', mediaType: 'image/png', size: PNG.byteLength, createdAt: 1, bytes: PNG });
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-chat-blobs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const [name, make] of [
    ['memoryBlobStore', () => memoryBlobStore()],
    ['fileBlobStore', () => fileBlobStore({ dir })],
  ] as const) {
    it(name, async () => {
      const store: BlobStore = make();
      await store.put(blob('up_a'));
      expect(await store.get('up_a')).toEqual(blob('up_a'));
      expect(await store.get('up_none')).toBeUndefined();
      await store.delete('up_a');
      expect(await store.get('up_a')).toBeUndefined();
      // An id is never a path: one that could leave the folder names nothing.
      expect(await store.get('../up_a')).toBeUndefined();
    });
  }

  it('memoryBlobStore drops the oldest past maxBlobs, and hands out copies', async () => {
    const store = memoryBlobStore({ maxBlobs: 2, maxBlobsPerOwner: 2 });
    for (const id of ['up_1', 'up_2', 'up_3']) await store.put(blob(id));
    expect(await store.get('up_1')).toBeUndefined();
    const got = (await store.get('up_3'))!;
    got.bytes[0] = 0;
    expect((await store.get('up_3'))!.bytes[0]).toBe(0x89);
  });

  it('memoryBlobStore drops an owner’s own oldest past their share, not another’s older file', async () => {
    const of = (id: string, owner: string): StoredBlob => ({ ...blob(id), owner });
    // By default the share is half of each total.
    const halves = memoryBlobStore({ maxBlobs: 4 });
    await halves.put(of('up_other', 'p2'));
    for (const id of ['up_1', 'up_2', 'up_3']) await halves.put(of(id, 'p1'));
    expect(await halves.get('up_1')).toBeUndefined();
    expect(await halves.get('up_other')).toBeDefined();

    const store = memoryBlobStore({ maxBlobsPerOwner: 2 });
    await store.put(of('up_other', 'p2'));
    for (const id of ['up_1', 'up_2', 'up_3']) await store.put(of(id, 'p1'));
    expect(await store.get('up_1')).toBeUndefined();
    expect(await store.get('up_2')).toBeDefined();
    expect(await store.get('up_3')).toBeDefined();
    expect(await store.get('up_other'), 'the other owner’s file, older than all of them').toBeDefined();
    // Deleting gives the share back.
    await store.delete('up_2');
    await store.put(of('up_4', 'p1'));
    expect(await store.get('up_3')).toBeDefined();

    const bytes = memoryBlobStore({ maxBytesPerOwner: PNG.byteLength * 2 });
    await bytes.put(of('up_other', 'p2'));
    for (const id of ['up_1', 'up_2', 'up_3']) await bytes.put(of(id, 'p1'));
    expect(await bytes.get('up_1')).toBeUndefined();
    expect(await bytes.get('up_other')).toBeDefined();
    // A file put again under its id by another owner leaves the first owner's share.
    await bytes.put(of('up_3', 'p2'));
    await bytes.put(of('up_5', 'p1'));
    expect(await bytes.get('up_2')).toBeDefined();
  });

  it('memoryBlobStore drops the oldest past maxTotalBytes', async () => {
    const store = memoryBlobStore({ maxTotalBytes: PNG.byteLength * 2, maxBytesPerOwner: PNG.byteLength * 2 });
    for (const id of ['up_1', 'up_2', 'up_3']) await store.put(blob(id));
    expect(await store.get('up_1')).toBeUndefined();
    expect(await store.get('up_2')).toBeDefined();
    await store.delete('up_2');
    await store.put(blob('up_4'));
    expect(await store.get('up_3')).toBeDefined();
  });
});
