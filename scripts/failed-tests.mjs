// The failed tests of one `npm test` run, a line each, from vitest's JSON report and the browser run's results file
// (packages/element/test/support/results-file-reporter.ts).

/**
 * @param {string} root the repository's root, cut from vitest's absolute file names
 * @param {any} vitestReport vitest's `--reporter=json` output, or undefined when vitest did not get to write it
 * @param {{ failures?: string[] } | undefined} browserReport
 * @returns {string[]} "file › test: the error's first line"
 */
export function failedTests(root, vitestReport, browserReport) {
  const failures = [];
  for (const file of vitestReport?.testResults ?? []) {
    const path = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // A file that failed before any test ran (an import error, a hook that threw) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) failures.push(`${path}: ${firstLine(file.message) || 'the file failed to run'}`);
  }
  failures.push(...(browserReport?.failures ?? []));
  return failures;
}

function firstLine(text) {
  return String(text ?? '').split('\n', 1)[0];
}
