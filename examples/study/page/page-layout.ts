import type { Bounds, LayoutBlock } from './study-types.js';

// The page's layout for highlightArea (seed 004): where each block of the page on screen is. Seed 004 found boxes
// with a vision model over page images; this reader is text, so the page measures its own blocks and sends them in
// the context, and the agent picks one by its first words.

const BLOCKS = 'h1, h2, h3, p, li';
const FIRST_WORDS = 60;
const round = (value: number) => Math.round(value * 1000) / 1000;

/** A box relative to `area`'s box, as fractions of its width and height. */
export function relativeBounds(box: DOMRect, area: DOMRect): Bounds {
  return {
    x: round((box.left - area.left) / area.width),
    y: round((box.top - area.top) / area.height),
    width: round(box.width / area.width),
    height: round(box.height / area.height),
  };
}

/** Each block of the page with its first words and bounds, top to bottom. */
export function pageLayout(article: HTMLElement): LayoutBlock[] {
  const area = article.getBoundingClientRect();
  if (area.width === 0 || area.height === 0) return [];
  return [...article.querySelectorAll<HTMLElement>(BLOCKS)].map((block) => {
    const text = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
    return { text: text.length > FIRST_WORDS ? `${text.slice(0, FIRST_WORDS)}…` : text, bounds: relativeBounds(block.getBoundingClientRect(), area) };
  });
}

/** The blocks a box covers at least half of, for the tool's answer: what the learner now sees framed. */
export function blocksUnder(layout: readonly LayoutBlock[], box: Bounds): LayoutBlock[] {
  return layout.filter(({ bounds }) => {
    const width = Math.min(bounds.x + bounds.width, box.x + box.width) - Math.max(bounds.x, box.x);
    const height = Math.min(bounds.y + bounds.height, box.y + box.height) - Math.max(bounds.y, box.y);
    return width > 0 && height > 0 && width * height >= (bounds.width * bounds.height) / 2;
  });
}
