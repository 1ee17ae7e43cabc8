// What a user installs, under plain Node: no tsx, no export conditions of ours, only the packed tarballs.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, stopAllChildServers } from './support/child-server.js';
import { INSTALL_TIMEOUT_MS, TEST_TIMEOUT_MS, installedFixture } from './support/installed-project.js';
import { expectScriptedTurn, runScriptedTurn } from './support/scripted-turn.js';

let app: string;
beforeAll(async () => {
  ({ dir: app } = await installedFixture('app', 'node-app'));
}, INSTALL_TIMEOUT_MS);
afterAll(stopAllChildServers);

/** A child's environment without this repository's NODE_OPTIONS (vitest may set some): plain node, as a user runs it. */
function plainEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return env;
}

describe('the installed packages under plain node', () => {
  it('@agent-chat/server streams a scripted turn with a tool call over HTTP', async () => {
    const server = await startChildServer(process.execPath, ['serve-node.mjs'], { cwd: app, env: plainEnv() });
    try {
      expectScriptedTurn(await runScriptedTurn(server.url, 'installed-node'), 'node');
    } finally {
      await server.stop();
    }
  }, TEST_TIMEOUT_MS);

  it('@agent-chat/server/file-store stores a turn that @agent-chat/server/testing serves and reads back', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(app, 'check-subpaths.mjs')], {
      cwd: app,
      env: plainEnv(),
      timeout: 30_000,
    });
    const { files, ...seen } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { files: string[] } & Record<string, unknown>;
    expect(seen).toMatchObject({
      first: 'run_started',
      text: 'Stored on disk.',
      last: { type: 'done', stopReason: 'end_turn' },
      turns: ['user', 'assistant_text'],
      startFakeAnthropic: 'function',
    });
    // The store's file layout is its own business; that it wrote the session to the folder is the point here.
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.endsWith('.jsonl'))).toBe(true);
  }, TEST_TIMEOUT_MS);
});
