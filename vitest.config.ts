import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// In this repository the packages resolve to their TypeScript source (the `agent-chat-source` export condition);
// installed from npm, they resolve to dist/.
const conditions = ['agent-chat-source', ...defaultServerConditions];

// Node-side tests: protocol, server, the examples' end-to-end tests and the element's build helpers. The
// element's own tests run in Chromium under @web/test-runner (packages/element/web-test-runner.config.mjs).
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['agent-chat-source'] } },
  test: {
    include: [
      'packages/protocol/test/**/*.test.ts',
      'packages/server/test/**/*.test.ts',
      'examples/test/**/*.test.ts',
      'packages/element/build/**/*.test.ts',
      // The docs against the code: samples typecheck, links resolve, docs/api is fresh (scripts/docs.test.ts).
      'scripts/**/*.test.ts',
      // What a user installs: the packed tarballs in a project outside the workspace, on Node, Bun, Deno, workerd.
      'test/install/**/*.test.ts',
    ],
    // A test's time bound catches a hang, nothing more: at a load average of 19 the examples' browser tests took 10 to
    // 17 s each, and one (six page loads) passed 20 s (issue 31). Tests wait for what they assert.
    testTimeout: 60_000,
    // The examples' tests wait in expect.poll for what a browser draws after a run ends (a chunk loaded when first
    // needed, a frame's render). Vitest's default of 1 s was too short on a loaded CI machine. And a test that
    // asserts nothing fails: every one of them must check something.
    expect: { poll: { timeout: 5_000 }, requireAssertions: true },
    hookTimeout: 30_000,
  },
});
