import type { Hono } from 'hono';

/** What the demo server gives an example when it makes it. */
export interface ExampleOptions {
  /** The example's own folder for sessions and app data. */
  dataDir: string;
  /**
   * Where MCP Apps views are drawn: the demo server's second origin (`SANDBOX_PORT`), given to an example that says
   * `views: true`. Unset, such an example draws no views (a call is shown as any other).
   */
  sandboxOrigin?: string;
  /** Hand over what must be stopped when the demo server closes (an MCP server the example started, say). */
  onClose?(close: () => Promise<void>): void;
}

/** What each example gives the demo server. */
export interface ExampleDefinition {
  /** The URL segment and folder name: `/slides/` serves `examples/slides/page/`. */
  name: string;
  title: string;
  /** One line for the index page. */
  summary: string;
  /** The design document it rebuilds, if any. */
  seed?: string;
  /**
   * It draws MCP Apps views: it is given the sandbox origin, and its agent (`/<name>/api/agent/`) is reached on that
   * origin too, where it serves its sandbox page and nothing else.
   */
  views?: boolean;
  /** The example's own server routes (its agent under `/api/agent`, its app API), mounted at `/<name>`. */
  create(options: ExampleOptions): Hono;
}
