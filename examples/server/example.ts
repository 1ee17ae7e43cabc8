import type { Hono } from 'hono';

/** What each example gives the demo server. */
export interface ExampleDefinition {
  /** The URL segment and folder name: `/slides/` serves `examples/slides/page/`. */
  name: string;
  title: string;
  /** One line for the index page. */
  summary: string;
  /** The design document it rebuilds, if any. */
  seed?: string;
  /** The example's own server routes (its agent under `/api/agent`, its app API), mounted at `/<name>`. */
  create(options: { dataDir: string }): Hono;
}
