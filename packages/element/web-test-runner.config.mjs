// Browser tests of <agent-chat>: real Chromium (never a downloaded one), against a real agent server.
// Run under tsx, because the server and its scenarios are TypeScript:
//   node --import tsx node_modules/@web/test-runner/dist/bin.js --config packages/element/web-test-runner.config.mjs
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { highlightCoreAsModule, isHighlightCore } from './build/highlight-core.mjs';
import { minifyTemplates } from './build/minify-templates.mjs';
import { resultsFileReporter } from './test/support/results-file-reporter.ts';
import { startTestServer } from './test/support/test-server.ts';
import { startAgUiServer } from './test/support/ag-ui-server.ts';
import { frameCommandsPlugin } from './test/support/ag-ui-mcp-apps-frames.ts';
import { jsonModulesPlugin } from './test/support/json-modules-plugin.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

/** @type {import('./test/support/test-server.ts').TestServer | undefined} */
let agentServer;
/** An AG-UI agent server that is not ours, for `transport="ag-ui"` (ag-ui-transport.test.ts). @type {import('./test/support/ag-ui-server.ts').AgUiServer | undefined} */
let agUiServer;

/** Starts the agent server with the test run and stops it when the run ends. */
const agentServerPlugin = {
  name: 'agent-server',
  async serverStart() {
    agentServer = await startTestServer();
    agUiServer = await startAgUiServer();
  },
  async serverStop() {
    await agentServer?.close();
    await agUiServer?.close();
  },
};

/** The test page asks here where the agent server is (its port is chosen at start). */
async function agentServerUrl(context, next) {
  if (context.path === '/__ag-ui-server') {
    context.type = 'application/json';
    context.body = JSON.stringify({ url: agUiServer?.url ?? null });
    return;
  }
  if (context.path !== '/__agent-server') return next();
  context.type = 'application/json';
  context.body = JSON.stringify({ url: agentServer?.url ?? null });
}

/**
 * AGENT_CHAT_MINIFIED_TEMPLATES=1: the element's templates as build.mjs ships them (whitespace collapsed), to
 * check the minifier against the whole suite. Off by default: it moves line numbers in stack traces.
 */
const shippedTemplatesPlugin = {
  name: 'minify-templates',
  transform(context) {
    if (!/^\/packages\/element\/src\/.*\.ts$/.test(context.path) || typeof context.body !== 'string') return undefined;
    return { body: minifyTemplates(context.body, context.path) };
  },
};

/** highlight.js's CommonJS core, served as the ES module it is (build/highlight-core.mjs says why). */
const highlightCorePlugin = {
  name: 'highlight-core',
  transform(context) {
    if (!isHighlightCore(context.path) || typeof context.body !== 'string') return undefined;
    return { body: highlightCoreAsModule(context.body) };
  },
};

/** Source paths (without their extension) whose next request fails, each once: a chunk that does not load. */
const failing = new Set();

/**
 * The test command `fail-next-request` ({ path: '/packages/element/src/chunks/quick-actions' }): the next request
 * for that module is answered 503, as by a server that is down, and the one after it is served
 * (lazy-feature-failure.test.ts). The browser's cache is emptied first, so that the request reaches this server: the
 * test runner marks each response cacheable for a year, and the cache outlives a test file's page.
 */
const failNextRequestPlugin = {
  name: 'fail-next-request',
  async executeCommand({ command, payload, session }) {
    if (command !== 'fail-next-request') return undefined;
    const cdp = await session.browser.getPage(session.id).createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    failing.add(payload.path);
    return true;
  },
};

/** Answers a request armed by `fail-next-request`, written straight to the socket with `no-store`, so nothing keeps it. */
async function failNextRequest(context, next) {
  if (!failing.delete(context.path.replace(/\.(js|ts)$/, ''))) return next();
  context.respond = false;
  context.res.writeHead(503, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
  context.res.end('unavailable');
}

const resultsFile = process.env.AGENT_CHAT_BROWSER_RESULTS;

export default {
  rootDir: root,
  files: [relative(process.cwd(), join(here, 'test/**/*.test.ts'))],
  // The packages' TypeScript source, not their dist/ (see the `agent-chat-source` export condition).
  // 'browser': a package with a browser build and a Node one (pkce-challenge, under the MCP Apps bridge) gives the page its browser build.
  nodeResolve: { exportConditions: ['agent-chat-source', 'browser'] },
  concurrency: 1,
  browsers: [chromeLauncher({ launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } })],
  plugins: [
    ...(process.env.AGENT_CHAT_MINIFIED_TEMPLATES ? [shippedTemplatesPlugin] : []),
    esbuildPlugin({ ts: true, target: 'es2021' }),
    highlightCorePlugin,
    // @a2ui/web_core's JSON imports (the a2ui chunk's tests).
    jsonModulesPlugin,
    agentServerPlugin,
    // Not among the runner's default commands: what Chromium gives assistive technology (mentions-inline.test.ts).
    a11ySnapshotPlugin(),
    failNextRequestPlugin,
    // Reading and clicking in a view's frame on another origin (ag-ui-mcp-apps.test.ts).
    frameCommandsPlugin(),
  ],
  middleware: [agentServerUrl, failNextRequest],
  reporters: [defaultReporter(), ...(resultsFile ? [resultsFileReporter(resultsFile)] : [])],
  // Lit says it is in dev mode in every test file; that is expected here and hides the logs that matter.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  // A test's time bound catches a hang, nothing more: on a 2-core machine at a load average of 20, two heavy
  // markdown tests took over 15 s (a clean-clone run of npm test, issue 31). Tests wait for what they assert.
  testFramework: { config: { timeout: 60000 } },
  testsFinishTimeout: 600000,
};
