// The host's own tool views (adapter.toolViews, adapter.renderTool) are a chunk of their own (chunks/tool-views.ts):
// a page whose adapter has none loads none of it; a chip whose adapter has some loads it on its first render.
import { retryable } from '../load-once.js';

type ToolViews = typeof import('../chunks/tool-views.js');

let views: ToolViews | undefined;

/** Loads the chunk once; a failed load is tried again at the next render that needs it. */
export const loadToolViews = retryable(() =>
  import('../chunks/tool-views.js').then((module) => {
    views = module;
  }),
);

/** The chunk, once it is in. */
export const toolViews = (): ToolViews | undefined => views;
