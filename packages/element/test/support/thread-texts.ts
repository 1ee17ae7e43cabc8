// What the thread tests and their server scenario (thread-scenarios.ts) share, importable in the browser.

/** The header that names the caller of the threads scenario (the page sends it through adapter.headers). */
export const TEST_USER_HEADER = 'x-test-user';
