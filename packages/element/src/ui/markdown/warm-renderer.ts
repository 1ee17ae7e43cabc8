import { render } from 'lit';
import { WARM_SAMPLE } from '../../core/markdown/lex.js';
import { IncrementalMarkdown } from './incremental-markdown.js';

/**
 * Render a small sample of every block once, into an element that is never attached, when the page is first idle
 * after the conversation's parts have painted. Lit prepares a template (parses its HTML, finds its parts) the first
 * time it renders it, and V8 compiles the renderer's functions on their first calls: without this the first reply
 * on a page paid for both in its own frames (measured: a 50 KB reply given whole, its first slice's task 125 ms on
 * a fresh page against 22 ms on the next reply; docs/benchmarks.md, issue 33).
 */
export function warmRenderer(): void {
  const markdown = new IncrementalMarkdown({ allowImages: false });
  markdown.update(WARM_SAMPLE, true);
  render(markdown.view(), document.createElement('div'));
}
