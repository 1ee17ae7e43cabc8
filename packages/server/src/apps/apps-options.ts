import type { ViewCsp } from '@agent-chat/protocol';

/** MCP Apps: where tools' interactive views are drawn (`createAgentChat({ apps })`). */
export interface AppsOptions {
  /**
   * The origin the sandbox proxy page is reached at, e.g. `https://agent-sandbox.example.net` (in development, the
   * same server on a second port: `http://localhost:8788`). It must differ from the page's origin and the API's: a
   * view runs there. The same app answers there, under the same mount path, with that page and nothing else.
   * Without it (the default) views are not drawn: a call with a view is shown as any other call.
   */
  sandboxOrigin: string;
  /**
   * Tighten what a view's server declared (its `_meta.ui.csp`) before it becomes the view's CSP, e.g. drop every
   * `frameDomains`. Whatever it returns is kept only where the server declared it too: never loosened.
   */
  restrictCsp?: (declared: ViewCsp) => ViewCsp;
}

/** The apps option checked: the sandbox's origin, parsed. */
export interface Apps {
  sandboxOrigin: string;
  sandboxHost: string;
  restrictCsp: ((declared: ViewCsp) => ViewCsp) | undefined;
}

export function resolveApps(options: AppsOptions | undefined): Apps | undefined {
  if (!options) return undefined;
  let url: URL;
  try {
    url = new URL(options.sandboxOrigin);
  } catch {
    throw new TypeError(`createAgentChat: apps.sandboxOrigin must be an origin such as https://sandbox.example.net, not "${options.sandboxOrigin}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== options.sandboxOrigin.replace(/\/$/, '')) {
    throw new TypeError(`createAgentChat: apps.sandboxOrigin must be an origin (scheme, host and port, no path), not "${options.sandboxOrigin}"`);
  }
  return { sandboxOrigin: url.origin, sandboxHost: url.host, restrictCsp: options.restrictCsp };
}
