import type { SessionResponse } from '@agent-chat/protocol';

let cached: Promise<string> | undefined;

/** The base URL of the agent server that the test runner started (see web-test-runner.config.mjs). */
export function agentServerUrl(): Promise<string> {
  cached ??= fetch('/__agent-server')
    .then((response) => response.json() as Promise<{ url: string | null }>)
    .then(({ url }) => {
      if (!url) throw new Error('The test runner did not start the agent server');
      return url;
    });
  return cached;
}

/** The endpoint of one scenario of the test server, e.g. `basic` → `http://127.0.0.1:PORT/api/basic`. */
export async function scenario(name: string): Promise<string> {
  return `${await agentServerUrl()}/api/${name}`;
}

/** What the server has stored for a session, read directly (not through the element). */
export async function storedSession(endpoint: string, sessionId: string): Promise<SessionResponse> {
  const response = await fetch(`${endpoint}/sessions/${encodeURIComponent(sessionId)}`);
  if (!response.ok) throw new Error(`GET session ${sessionId}: ${response.status} ${await response.text()}`);
  return (await response.json()) as SessionResponse;
}

/** A session id no other test uses, so tests never see each other's history. */
export function uniqueSession(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The requests the test server saw with this tag in the x-test-tag header (see test-server.ts). */
export async function taggedRequests(tag: string): Promise<{ method: string; path: string; body?: Record<string, unknown> }[]> {
  const response = await fetch(`${await agentServerUrl()}/__requests?tag=${encodeURIComponent(tag)}`);
  return (await response.json()) as { method: string; path: string; body?: Record<string, unknown> }[];
}

/**
 * The rendering scenarios' slow tool, for this session's next call, runs until the returned function lets it finish
 * (or Stop ends it): a test that asserts it running waits for that, not for its 1.5 s.
 */
export async function holdSlowTool(sessionId: string): Promise<() => Promise<void>> {
  const base = `${await agentServerUrl()}/__slow-tool`;
  await fetch(`${base}/hold/${encodeURIComponent(sessionId)}`, { method: 'POST' });
  return async () => {
    await fetch(`${base}/release/${encodeURIComponent(sessionId)}`, { method: 'POST' });
  };
}
