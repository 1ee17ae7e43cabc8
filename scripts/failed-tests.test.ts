import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countResults } from '../packages/element/test/support/results-file-reporter.js';
import { failedTests } from './failed-tests.mjs';

const root = join(import.meta.dirname, '..');

// `npm test` names every failed test in its last lines, where a CI log is read from.
describe('the failed tests named at the end of `npm test`', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-failed-tests-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names vitest's failed tests and a file that failed to load, from a real JSON report", () => {
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default {};\n');
    writeFileSync(
      join(dir, 'some.test.mjs'),
      "import { describe, expect, it } from 'vitest';\n" +
        "describe('a group', () => {\n  it('passes', () => expect(1).toBe(1));\n  it('breaks', () => expect('yes', 'the answer').toBe('no'));\n});\n",
    );
    writeFileSync(join(dir, 'broken.test.mjs'), "import './missing.mjs';\n");
    const output = join(dir, 'report.json');
    spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--root', dir, '--reporter=json', `--outputFile.json=${output}`], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(readFileSync(output, 'utf8'));
    expect(report.numFailedTests, 'the report counts the failure').toBe(1);

    const lines = failedTests(dir, report, undefined);
    expect(lines).toHaveLength(2);
    expect(lines).toContainEqual(expect.stringMatching(/^some\.test\.mjs › a group breaks: AssertionError: the answer: expected 'yes' to be 'no'/));
    expect(lines).toContainEqual(expect.stringMatching(/^broken\.test\.mjs: .*missing\.mjs/));
  }, 60_000);

  it("names the browser run's failed tests with their file and suites, and a file that failed outside any test", () => {
    const counts = countResults([
      {
        testFile: 'test/a.test.ts',
        passed: false,
        errors: [],
        testResults: {
          name: '',
          tests: [],
          suites: [
            {
              name: 'the list',
              suites: [],
              tests: [
                { name: 'scrolls', passed: true, skipped: false },
                { name: 'keeps its place', passed: false, skipped: false, error: { message: 'expected 3 to equal 2\n  at …' } },
                { name: 'later', passed: false, skipped: true },
              ],
            },
          ],
        },
      },
      { testFile: 'test/b.test.ts', passed: false, errors: [{ message: 'Could not import test/b.test.ts' }] },
    ] as unknown as Parameters<typeof countResults>[0]);
    expect(counts).toEqual({
      passed: 1,
      failed: 2,
      skipped: 1,
      failures: ['test/a.test.ts › the list › keeps its place: expected 3 to equal 2', 'test/b.test.ts: Could not import test/b.test.ts'],
    });
    expect(failedTests(root, undefined, counts)).toEqual(counts.failures);
  });
});
