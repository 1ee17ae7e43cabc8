// The installed server under Deno (from the `deno` npm package), importing the packages from the project's
// node_modules: Deno cannot strip types there, so this passes only if every export resolves to built .js.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startChildServer, stopAllChildServers } from './support/child-server.js';
import { INSTALL_TIMEOUT_MS, TEST_TIMEOUT_MS, installedFixture } from './support/installed-project.js';
import { runtimeOrSkip } from './support/runtime-or-skip.js';
import { expectScriptedTurn, runScriptedTurn } from './support/scripted-turn.js';

let app: string;
let project: string;
let deno: { path: string; version: string } | undefined;
beforeAll(async () => {
  deno = await runtimeOrSkip('deno');
  ({ dir: app, project } = await installedFixture('app', 'deno-app'));
}, INSTALL_TIMEOUT_MS);
afterAll(stopAllChildServers);

describe('the installed server under Deno', () => {
  it('streams a scripted turn with a tool call over HTTP, with narrow permissions', async ({ skip }) => {
    if (!deno) return skip('deno cannot run here (the reason is printed above)');
    const server = await startChildServer(
      deno.path,
      // No --allow-write or --allow-sys, and of the environment only the one variable the server documents
      // (AGENT_CHAT_SECRET, the cookie key): the core asks for nothing more.
      ['run', '--allow-net=127.0.0.1', `--allow-read=${project}`, '--allow-env=AGENT_CHAT_SECRET', '--no-prompt', 'serve-deno.mjs'],
      { cwd: app, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(project, '.deno'), NO_COLOR: '1' } },
    );
    try {
      expectScriptedTurn(await runScriptedTurn(server.url, 'installed-deno'), 'deno');
    } finally {
      await server.stop();
    }
  }, TEST_TIMEOUT_MS);
});
