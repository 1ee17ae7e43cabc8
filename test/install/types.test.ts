// Consumers' TypeScript against the installed types only: a React 19 TSX component and a Vue 3 SFC using
// <agent-chat> (tsc with jsx react-jsx, vue-tsc with strictTemplates), and a Node server under NodeNext.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT_MS, installedFixture } from './support/installed-project.js';

let dir: string;
let project: string;
let checks: Record<'react' | 'vue' | 'server', Promise<string>>;
beforeAll(async () => {
  ({ dir, project } = await installedFixture('types', 'types-check'));
  // The three checkers start at once (each takes seconds); each test awaits its own.
  checks = {
    react: typecheck('tsc', 'tsconfig.react.json'),
    vue: typecheck('vue-tsc', 'tsconfig.vue.json'),
    server: typecheck('tsc', 'tsconfig.server.json'),
  };
  for (const check of Object.values(checks)) check.catch(() => {});
}, INSTALL_TIMEOUT_MS);

/** Runs the project's own tsc or vue-tsc; resolves with '' when clean, else with its diagnostics. */
function typecheck(bin: 'tsc' | 'vue-tsc', tsconfig: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(join(project, 'node_modules', '.bin', bin), ['-p', tsconfig], { cwd: dir, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error && error.killed) return reject(new Error(`${bin} -p ${tsconfig} did not finish in 120 s`));
      resolve(error ? `${stdout}${stderr}`.trim() || error.message : '');
    });
  });
}

async function exportsOfElement(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(project, 'node_modules/@agent-chat/element/package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports);
}

describe('consumers typecheck against the installed types', () => {
  it('a React 19 TSX component: <agent-chat> attributes, ref and onagent-chat-run-finish (tsc, jsx react-jsx)', async () => {
    expect(await exportsOfElement(), '@agent-chat/element has no "./react" export (the React JSX IntrinsicElements typings)').toContain('./react');
    expect(await checks.react).toBe('');
  }, 150_000);

  it('a Vue 3 SFC: <agent-chat> attributes, template ref and @agent-chat-run-finish (vue-tsc, strictTemplates)', async () => {
    expect(await exportsOfElement(), '@agent-chat/element has no "./vue" export (the Vue GlobalComponents typings)').toContain('./vue');
    expect(await checks.vue).toBe('');
  }, 150_000);

  it('a Node server under NodeNext: @agent-chat/server, ./file-store, ./testing and @agent-chat/protocol', async () => {
    expect(await checks.server).toBe('');
  }, 150_000);
});
