import type { Handler } from 'hono';
import { bundlePage, isStale, type Framework, type PageBundle } from './bundle.js';

/**
 * The page's `app.js`, bundled by esbuild on the first request and again when one of its source files changed,
 * so `npm start` and the tests serve the current page with no build step of their own.
 */
export function servePageBundle(framework: Framework): Handler {
  let built: { bundle: PageBundle; at: number } | undefined;
  let building: Promise<PageBundle> | undefined;

  const current = async (): Promise<PageBundle> => {
    if (built && !(await isStale(built.bundle, built.at))) return built.bundle;
    // One build at a time: requests that arrive during it share its result.
    building ??= (async () => {
      const at = Date.now();
      try {
        const bundle = await bundlePage(framework);
        built = { bundle, at };
        return bundle;
      } finally {
        building = undefined;
      }
    })();
    return building;
  };

  return async (c) => {
    try {
      const { code } = await current();
      return c.body(code, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return c.text(`The ${framework} page did not build:\n${message}`, 500);
    }
  };
}
