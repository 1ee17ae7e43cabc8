// The installed server under Bun (from the `bun` npm package), served by Bun.serve with the app's fetch handler.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startChildServer, stopAllChildServers } from './support/child-server.js';
import { INSTALL_TIMEOUT_MS, TEST_TIMEOUT_MS, installedFixture } from './support/installed-project.js';
import { runtimeOrSkip } from './support/runtime-or-skip.js';
import { expectScriptedTurn, runScriptedTurn } from './support/scripted-turn.js';

let app: string;
let bun: { path: string; version: string } | undefined;
beforeAll(async () => {
  bun = await runtimeOrSkip('bun');
  ({ dir: app } = await installedFixture('app', 'bun-app'));
}, INSTALL_TIMEOUT_MS);
afterAll(stopAllChildServers);

describe('the installed server under Bun', () => {
  it('streams a scripted turn with a tool call over HTTP', async ({ skip }) => {
    if (!bun) return skip('bun cannot run here (the reason is printed above)');
    const server = await startChildServer(bun.path, ['serve-bun.mjs'], {
      cwd: app,
      env: { ...process.env, BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', DO_NOT_TRACK: '1' },
    });
    try {
      expectScriptedTurn(await runScriptedTurn(server.url, 'installed-bun'), 'bun');
    } finally {
      await server.stop();
    }
  }, TEST_TIMEOUT_MS);
});
