import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestSession, TestSuiteResult } from '@web/test-runner';

export interface ResultCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** "file › suite › test: first line of the error", one per failure, so a log's last lines say what failed. */
  failures: string[];
}

/**
 * Writes `{ passed, failed, skipped, failures }` to a JSON file when the run ends, for the `npm test` orchestrator's
 * summary (it sets AGENT_CHAT_BROWSER_RESULTS). A test file that failed to load counts as one failure.
 */
export function resultsFileReporter(path: string): Reporter {
  return {
    onTestRunFinished({ sessions }) {
      const counts = countResults(sessions);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify(counts)}\n`);
    },
  };
}

export function countResults(sessions: readonly TestSession[]): ResultCounts {
  const counts: ResultCounts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const session of sessions) {
    const failedBefore = counts.failed;
    if (session.testResults) addSuite(session.testResults, [session.testFile], counts);
    // A file that failed outside any test (a syntax error, an import that 404s) has no failed test to count.
    if (session.passed === false && counts.failed === failedBefore) {
      counts.failed += 1;
      counts.failures.push(`${session.testFile}: ${firstLine(session.errors?.[0]?.message) ?? 'the file failed to run'}`);
    }
  }
  return counts;
}

function addSuite(suite: TestSuiteResult, path: string[], counts: ResultCounts): void {
  for (const test of suite.tests) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else {
      counts.failed += 1;
      counts.failures.push(`${[...path, test.name].join(' › ')}: ${firstLine(test.error?.message) ?? 'failed'}`);
    }
  }
  for (const child of suite.suites) addSuite(child, [...path, child.name], counts);
}

function firstLine(text: string | undefined): string | undefined {
  return text?.split('\n', 1)[0];
}
