// The packed tarballs linted by kept tools, each with its own verdict (its exit status):
// - publint: the manifest against the files (exports targets, formats, fields); errors fail, warnings are printed;
// - @arethetypeswrong/cli (attw), profile esm-only: every entry point has types that TypeScript finds, for ESM
//   consumers under node16/nodenext and bundler resolution. The packages are ESM on Node >= 20, so CommonJS
//   require() (node16-cjs) and node10 resolution, which knows no `exports`, are out of scope.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Each tool's command line for one tarball. */
const TOOLS = {
  publint: (tarball) => [bin('publint'), ['run', tarball]],
  attw: (tarball) => [bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji']],
};

/**
 * @typedef {{ tool: 'publint' | 'attw', ok: boolean, output: string }} LintResult
 */

/**
 * Runs publint and attw on a packed tarball, at once. `ok` is the tool's own verdict: exit 0. A tool that cannot
 * run at all (not installed, killed) rejects, so a broken setup is never taken for a clean package.
 * @param {string} tarball
 * @returns {Promise<LintResult[]>}
 */
export function lintTarball(tarball) {
  return Promise.all(
    Object.entries(TOOLS).map(async ([tool, command]) => {
      const [file, args] = command(tarball);
      const { code, output } = await runTool(file, args, dirname(tarball));
      return { tool: /** @type {LintResult['tool']} */ (tool), ok: code === 0, output };
    }),
  );
}

/**
 * The lines that say why a package fails: each failing tool's name and its report; empty when all passed.
 * @param {string} name
 * @param {readonly LintResult[]} results
 * @returns {string[]}
 */
export function lintFailures(name, results) {
  return results.filter((result) => !result.ok).map((result) => `${name}: ${result.tool} reports errors:\n${result.output}`);
}

/** Resolves with the exit code and the output of both streams; rejects only when the command did not run to an exit. */
function runTool(file, args, cwd) {
  return new Promise((resolve, reject) => {
    // cwd beside the tarball: attw would otherwise read this repository's .attw.json, were there one.
    execFile(file, args, { cwd, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`.trim();
      if (error && typeof error.code !== 'number') return reject(new Error(`${file} ${args.join(' ')} did not run: ${error.message}\n${output}`));
      resolve({ code: error ? Number(error.code) : 0, output });
    });
  });
}
