// `npm test`: every test of the project, in the order that fails fastest on a broken checkout.
// 1. find (or install) Chromium and redis-server, 2. build the element bundle, 3. typecheck, 4. the import rules
// (dependency-cruiser: .dependency-cruiser.mjs), 5. pack and install the packages in a project outside the workspace,
// 6. vitest (protocol, server, examples end to end, publint and attw on the tarballs, the installed packages on Node,
// Bun, Deno, workerd and in Chromium), 7. @web/test-runner in Chromium (the element). Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';
import { findRedisServer } from './find-redis.mjs';
import { failedTests } from './failed-tests.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const vitestJson = join(tmp, 'vitest-results.json');
const browserJson = join(tmp, 'browser-results.json');
rmSync(vitestJson, { force: true });
rmSync(browserJson, { force: true });

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}\n  $ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

let chromePath;
try {
  chromePath = findChromium();
  console.log(`▶ Chromium: ${chromePath}`);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}
// Found (or installed) once here, so the Redis test files do not each try; without one they skip, saying why.
const redisServer = findRedisServer();
console.log(redisServer ? `▶ redis-server: ${redisServer}` : '▶ redis-server: none (the Redis tests will be skipped, see above)');
const env = { CHROME_PATH: chromePath, ...(redisServer ? { REDIS_SERVER: redisServer } : {}) };
const bin = (name) => join(root, 'node_modules', '.bin', name);

const results = [];
const run = (name, ...args) => results.push([name, step(name, ...args)]);
run('build the element bundle', 'npm', ['run', 'build', '--silent'], env);
run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], env);
run('import rules: dependency-cruiser (docs/architecture.md)', 'npm', ['run', 'check:imports', '--silent'], env);
// The install tests (test/install) share one packed-and-installed project: made here, once, from the build above.
const built = { ...env, AGENT_CHAT_PACKAGES_BUILT: '1' };
run('npm pack the packages, install the tarballs outside the workspace', process.execPath, [join(root, 'scripts/pack-install.mjs')], built);
run('vitest: protocol, server, examples, installed packages', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], built);
run('browser tests: <agent-chat> in Chromium', process.execPath, [
  '--conditions=agent-chat-source', '--import', 'tsx',
  join(root, 'node_modules/@web/test-runner/dist/bin.js'),
  '--config', 'packages/element/web-test-runner.config.mjs',
], { ...env, AGENT_CHAT_BROWSER_RESULTS: browserJson });

let passed = 0;
let failed = 0;
const readReport = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
const vitestReport = readReport(vitestJson);
const browserReport = readReport(browserJson);
if (vitestReport) {
  passed += vitestReport.numPassedTests;
  failed += vitestReport.numFailedTests;
}
if (browserReport) {
  passed += browserReport.passed;
  failed += browserReport.failed;
}
// Named again at the very end: a CI log is often read from its last lines, far below the failure's own report.
const failures = failedTests(root, vitestReport, browserReport);
const failedSteps = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log('');
for (const [name, ok] of results) console.log(`${ok ? '✔' : '✖'} ${name}`);
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failures.length > 0) console.log(`failed:\n${failures.map((line) => `  ✖ ${line}`).join('\n')}`);
process.exit(failedSteps.length === 0 && passed > 0 ? 0 : 1);
