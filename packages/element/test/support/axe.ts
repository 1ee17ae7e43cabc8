// axe-core in the test page: loaded from its package as a classic script (it is a UMD bundle, not an ES module),
// then run on an element, shadow roots included (axe walks open shadow DOM on its own).
import type { AxeResults, RunOptions } from 'axe-core';

declare global {
  interface Window {
    axe?: { run(context: Element, options: RunOptions): Promise<AxeResults> };
  }
}

let loading: Promise<void> | undefined;

function loadAxe(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Could not load axe-core from /node_modules/axe-core/axe.min.js'));
    document.head.append(script);
  });
  return loading;
}

/** Each violation axe finds under `element`, as one line naming the rule and the elements, for a readable failure. */
export async function axeViolations(element: Element): Promise<string[]> {
  await loadAxe();
  const results = await window.axe!.run(element, { resultTypes: ['violations'] });
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`.trim())
        .join('; ')}`,
  );
}
