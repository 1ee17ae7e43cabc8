import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model: scriptedModel([[{ text: 'ok' }]]), maxBodyBytes: 10_000 }));
});
afterAll(() => server.close());

const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers, body });

async function expect400(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { code: string; field: string; message: string } };
  expect(body.error.code).toBe('invalid_request');
  expect(body.error.field).toBe(field);
  expect(body.error.message).toContain(field);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
}

describe('malformed requests', () => {
  it('names the missing field', async () => {
    await expect400(await post('/sessions/a/messages', '{}'), 'text');
  });
  it('names a field of the wrong type', async () => {
    await expect400(await post('/sessions/a/messages', JSON.stringify({ text: 42 })), 'text');
    await expect400(await post('/sessions/a/messages', JSON.stringify({ text: 'hi', references: [{ id: 7 }] })), 'references.0.id');
    await expect400(await post('/sessions/a/messages', JSON.stringify({ text: 'hi', context: 'page' })), 'context');
  });
  it('refuses empty text', async () => {
    await expect400(await post('/sessions/a/messages', JSON.stringify({ text: '   ' })), 'text');
  });
  it('says when the body is not JSON', async () => {
    await expect400(await post('/sessions/a/messages', '{"text": '), 'body');
    await expect400(await post('/sessions/a/messages', 'text=hello', { 'content-type': 'application/json; charset=utf-8' }), 'body');
    await expect400(await post('/sessions/a/messages', ''), 'body');
    await expect400(await post('/sessions/a/messages', '[1,2]'), 'body');
  });
  it('refuses a body that does not say it is JSON with 415, naming the content type', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await post('/sessions/a/messages', '{"text":"hi"}', { 'content-type': type });
      expect(response.status).toBe(415);
      const body = (await response.json()) as { error: { code: string; field: string; message: string } };
      expect(body.error).toMatchObject({ code: 'unsupported_media_type', field: 'content-type' });
      expect(body.error.message).toContain(type.split(';')[0]);
    }
  });
  it('checks the session id', async () => {
    await expect400(await post('/sessions/has%20space/messages', JSON.stringify({ text: 'hi' })), 'sessionId');
  });
  it('answers 413 for a body over the limit', async () => {
    const response = await post('/sessions/a/messages', JSON.stringify({ text: 'x'.repeat(20_000) }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('body');
  });
  it('answers 404 as JSON for an unknown route', async () => {
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
  it('keeps serving after all of that', async () => {
    const events = await sameBrowser(server.url).run('after', { text: 'still there?' });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });
});
