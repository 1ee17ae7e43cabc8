import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/file-store.js';
import { sessionRef } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { anonymousPrincipalOf } from './support/same-browser.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';

const here = dirname(fileURLToPath(import.meta.url));

let dir: string;
// Every server of this test signs anonymous principals with one key, and the test is one browser: the session
// started on a killed server is the same person's on the next one.
const secret = 'crash-test-secret-0123456789abcdef0123';
const jar = new Map<string, string>();
const browserAt = (url: string) => agentClient(url, { cookies: jar });
/** The browser's session of this id, as the store keeps it. */
const sessionOfBrowser = (sessionId: string) => sessionRef(anonymousPrincipalOf(jar), sessionId);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-chat-crash-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function startChild() {
  // node itself with tsx's loader, not the tsx wrapper: SIGKILL must hit the process that writes the files.
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'support/crash-server.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, AGENT_CHAT_SECRET: secret },
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`crash server exited early (${code})`)));
  });
  return { child, url };
}

/** Run until `killAfter` tool results have streamed, then SIGKILL the server: no chance to clean up. */
async function killMidRun(sessionId: string, killAfter: number): Promise<ReceivedEvent[]> {
  const { child, url } = await startChild();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const response = await browserAt(url).send(sessionId, { text: 'Work through all the steps.' });
  let results = 0;
  const abort = new AbortController();
  const events = await readAgentEvents(
    response,
    (event) => {
      if (event.data.type === 'tool_result' && ++results === killAfter) {
        child.kill('SIGKILL');
        abort.abort();
      }
    },
    abort.signal,
  ).catch(() => []);
  await exited;
  return events;
}

describe('the file store and SIGKILL', () => {
  it('reloads after a kill in the middle of a run, losing no committed turn', async () => {
    for (const [index, killAfter] of [1, 3, 7, 12, 20].entries()) {
      const sessionId = `crash-${index}`;
      const events = await killMidRun(sessionId, killAfter);
      const streamedResults = events.filter((e) => e.data.type === 'tool_result').length;
      expect(streamedResults).toBe(killAfter);

      // The log reads back (a line torn by the kill is left out), and holds a consistent prefix of the run. A new
      // store each time: nothing comes from a cache, all from the file.
      const session = await sessionOfBrowser(sessionId);
      const raw = await readFile(join(dir, `${session.key}.jsonl`), 'utf8');
      expect(raw.split('\n').filter((line) => line !== '').length).toBeGreaterThan(1);
      const record = (await fileStore({ dir }).load(session))!;
      const saved = record.turns.filter((t) => t.type === 'tool_result').length;
      // Each step is saved before the next model call, so every result of an earlier step is on disk;
      // at most the result that was streamed in the very moment of the kill may be missing.
      expect(saved).toBeGreaterThanOrEqual(killAfter - 1);
      expect(record.turns[0]).toMatchObject({ type: 'user', text: 'Work through all the steps.' });
      // A model step is saved before its tools run, so every turn streamed before the last result we saw is on disk.
      const lastResult = events.findLastIndex((e) => e.data.type === 'tool_result');
      const committedIds = new Set(events.slice(0, lastResult).flatMap((e) => ('turnId' in e.data ? [e.data.turnId] : [])));
      const savedIds = new Set(record.turns.map((turn) => turn.id));
      for (const id of committedIds) expect(savedIds.has(id), `turn ${id} was committed before the kill`).toBe(true);

      // Every line but a torn last one is whole JSON.
      const lines = raw.split('\n').filter((line) => line !== '');
      for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
    }
    // Temporary files a kill left behind are never mistaken for sessions.
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.jsonl'))).toHaveLength(5);
  }, 60_000);

  it('a new server on the same folder continues the killed session', async () => {
    const { child, url } = await startChild();
    try {
      const client = browserAt(url);
      const before = await client.history('crash-0');
      expect(before.running).toBe(false);
      expect(before.turns.length).toBeGreaterThan(1);
      const events = await client.run('crash-0', { text: 'Go on.' });
      expect(events.at(-1)!.data).toMatchObject({ type: 'done' });
      expect((await client.history('crash-0')).turns.length).toBeGreaterThan(before.turns.length);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
