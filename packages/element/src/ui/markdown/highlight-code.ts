import { load } from '../../features/registry.js';

/**
 * Highlights the code blocks among a finished block's nodes: each `<code class="language-…">` in them, once the
 * highlighter (chunks/code-highlighter.ts, with highlight.js) has loaded, itself the first time a block with a
 * language closes. A block still streaming is never given here, so it stays plain while it grows. Resolves
 * when they are done (undefined when there are none).
 */
export function highlightBlocks(nodes: readonly Node[]): Promise<unknown> | undefined {
  const done: Promise<unknown>[] = [];
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const code of node.querySelectorAll<HTMLElement>('pre > code[class^="language-"]')) {
      const language = code.className.slice('language-'.length);
      // A highlighter that cannot load leaves the code plain, as it is (the registry has told the page, from the
      // code block: by then it is in the conversation).
      done.push(
        load('code-highlighter', code)
          .then(({ highlightCode }) => highlightCode(code, language))
          .catch(() => false),
      );
    }
  }
  return done.length ? Promise.all(done) : undefined;
}
