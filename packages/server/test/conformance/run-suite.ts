import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../bench/bundle-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** The suite's command line (its package exports nothing else). */
const CLI = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: Record<string, unknown>;
}

export interface ScenarioRun {
  checks: Check[];
  /** What the client wrote to stderr (its error, when it failed). */
  clientStderr: string;
}

export interface SuiteRun {
  scenarios: Map<string, ScenarioRun>;
  /** The suite's own output: its summary, and why a scenario saved nothing. */
  output: string;
}

const quoted = (path: string) => (/\s/.test(path) ? JSON.stringify(path) : path);

/**
 * Every client scenario of the suite (`--suite all`, which it runs side by side) against the client command. The
 * client's time limit is raised from the suite's 30 s: on a loaded machine two dozen clients starting at once can
 * take that long, and a time limit here would only measure the machine.
 */
export async function runClientSuite(): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    // The client command bundled into one plain JavaScript file, as the bench bundles its servers: the suite starts it
    // once per scenario, and through tsx each start spent some 3 s of CPU transforming the server's TypeScript.
    const command = [quoted(process.execPath), quoted(await bundleServer(join(here, 'client.ts'), dir))].join(' ');
    const results = join(dir, 'results');
    const output = await run(['client', '--command', command, '--suite', 'all', '--timeout', '180000', '--output-dir', results]);
    return { scenarios: readResults(results), output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // Its exit code says pass or fail; the checks it saved say which and why, so they are what is read.
    child.on('close', () => resolve(output));
  });
}

/** Each scenario's saved results: `<dir>/<scenario>-<time>/checks.json` (an auth scenario's name makes a subfolder). */
function readResults(dir: string): Map<string, ScenarioRun> {
  const scenarios = new Map<string, ScenarioRun>();
  if (!existsSync(dir)) return scenarios;
  for (const path of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!path.endsWith('checks.json')) continue;
    const folder = dirname(path);
    const scenario = folder.replace(/\\/g, '/').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    const stderr = join(dir, folder, 'stderr.txt');
    scenarios.set(scenario, {
      checks: JSON.parse(readFileSync(join(dir, path), 'utf8')) as Check[],
      clientStderr: existsSync(stderr) ? readFileSync(stderr, 'utf8') : '',
    });
  }
  return scenarios;
}

/** The checks that did not pass, one line each (INFO lines are the suite's log of the exchange). */
export const failedChecks = (checks: Check[]): string[] =>
  checks
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);
