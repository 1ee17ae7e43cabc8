import { Hono } from 'hono';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/find-chromium.mjs';
import { createAgentChat, memoryStore, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const model = scriptedModel([[{ text: 'Hello from the agent.' }]]);

let agent: RunningServer;
/** The agent's store: "nothing was started" is counted here (a GET answers any id, an unknown one empty). */
const store = memoryStore();
let allowedPage: RunningServer;
let hostilePage: RunningServer;
let browser: Browser;

/** A page of its own origin (another port of 127.0.0.1: same site, so a Lax cookie may flow, but another origin). */
function pageServer(): Promise<RunningServer> {
  return serveApp(new Hono().get('/', (c) => c.html('<!doctype html><title>host page</title><p>host page</p>')));
}

beforeAll(async () => {
  allowedPage = await pageServer();
  hostilePage = await pageServer();
  agent = await serveApp(createAgentChat({ model, store, origins: [allowedPage.url], secret: 'cors-test-secret-0123456789abcdef012345' }));
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await agent?.close();
  await allowedPage?.close();
  await hostilePage?.close();
});

describe('CSRF: a state-changing request must be JSON', () => {
  it('answers 415 to text/plain, a form and no content type, on every state-changing route', async () => {
    const client = agentClient(agent.url);
    const stored = store.size;
    const routes: [string, string][] = [
      ['POST', '/sessions/s/messages'],
      ['POST', '/sessions/s/resume'],
      ['POST', '/sessions/s/cancel'],
      ['POST', '/sessions/s/undo'],
      ['PUT', '/sessions/s'],
      ['DELETE', '/sessions/s'],
    ];
    for (const [method, path] of routes) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
        const response = await client.request(path, { method, body: '{"text":"hi"}', headers: type ? { 'content-type': type } : {} });
        expect(response.status, `${method} ${path} as ${type}`).toBe(415);
        expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type', field: 'content-type' } });
      }
    }
    // Nothing was started by any of them.
    expect(store.size).toBe(stored);
    expect((await client.history('s')).turns).toEqual([]);
  });
});

describe('CORS: origins', () => {
  it('answers 403 to a request whose Origin is not allowed, preflight or not', async () => {
    const client = agentClient(agent.url, { headers: { origin: hostilePage.url } });
    const send = await client.send('s', { text: 'hi' });
    expect(send.status).toBe(403);
    expect(await send.json()).toMatchObject({ error: { code: 'forbidden', field: 'origin', message: expect.stringContaining(hostilePage.url) } });
    const preflight = await fetch(`${agent.url}/sessions/s/messages`, {
      method: 'OPTIONS',
      headers: { origin: hostilePage.url, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets an allowed origin through a real browser preflight, with credentials: the cookie principal holds across requests', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(allowedPage.url);
      const result = await page.evaluate(async (endpoint) => {
        const init = (body: unknown): RequestInit => ({
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const sent = await fetch(`${endpoint}/sessions/cors-1/messages`, init({ text: 'hi' }));
        const stream = await sent.text();
        const history = await fetch(`${endpoint}/sessions/cors-1`, { credentials: 'include' });
        return { sent: sent.status, stream, history: history.status, turns: history.ok ? ((await history.json()) as { turns: unknown[] }).turns.length : 0 };
      }, agent.url);
      expect(result.sent).toBe(200);
      expect(result.stream).toContain('event: text_delta');
      expect(result.stream).toContain('event: done');
      // The same principal (the cookie set by the first answer came back with the second request).
      expect(result.history).toBe(200);
      expect(result.turns).toBe(2);
    } finally {
      await page.close();
    }
  });

  it('a hostile page’s browser request is refused, and its simple form-style POST never reaches a session', async () => {
    const page = await browser.newPage();
    const stored = store.size;
    try {
      await page.goto(hostilePage.url);
      const outcome = await page.evaluate(async (endpoint) => {
        // What a CSRF attack sends: no preflight needed (text/plain), with the victim's cookies.
        const simple = await fetch(`${endpoint}/sessions/victim/messages`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: '{"text":"delete everything"}',
        });
        let json = 'sent';
        try {
          await fetch(`${endpoint}/sessions/victim/messages`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: '{"text":"delete everything"}',
          });
        } catch {
          json = 'blocked';
        }
        return { simple: simple.type, json };
      }, agent.url);
      expect(outcome).toEqual({ simple: 'opaque', json: 'blocked' });
      expect(store.size, 'no session was stored').toBe(stored);
    } finally {
      await page.close();
    }
  });

  it('the server’s own pages are always allowed', async () => {
    const client = agentClient(agent.url, { headers: { origin: agent.url } });
    expect((await client.send('own', { text: 'hi' })).status).toBe(200);
  });
});
