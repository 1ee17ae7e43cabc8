/** The visible text under `root` with whitespace runs folded to one space, as a user would read it. */
export function visibleText(root: Node): string {
  return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Wrap every piece of `text` found in one block of `root` in a <mark>, even where it crosses element boundaries
 * (a highlight that starts in plain text and ends in a bold term). Returns whether it was found.
 */
export function markText(root: HTMLElement, text: string, make: () => HTMLElement): boolean {
  const wanted = text.replace(/\s+/g, ' ').trim();
  if (!wanted) return false;
  for (const block of root.querySelectorAll<HTMLElement>('p, li, h1, h2, h3')) {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const whole = nodes.map((n) => n.data).join('');
    const at = whole.indexOf(wanted);
    if (at < 0) continue;
    let offset = 0;
    for (const node of nodes) {
      // Wrapping splits the node, so its length must be read first.
      const length = node.data.length;
      const start = Math.max(at, offset);
      const end = Math.min(at + wanted.length, offset + length);
      if (start < end) {
        const range = document.createRange();
        range.setStart(node, start - offset);
        range.setEnd(node, end - offset);
        range.surroundContents(make());
      }
      offset += length;
    }
    return true;
  }
  return false;
}
