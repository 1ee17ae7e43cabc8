import type { SlideImage } from '../server/carousel.js';
import { svg } from './dom.js';

/** Draws the offline image service's placeholder: a tinted tile with the motif it chose. */
export function placeholderImage(image: SlideImage): SVGElement {
  const light = `hsl(${image.hue} 70% 86%)`;
  const dark = `hsl(${image.hue} 55% 42%)`;
  const mid = `hsl(${(image.hue + 40) % 360} 65% 62%)`;
  const shapes: Element[] = [];
  const seed = image.variant * 7 + image.hue;
  switch (image.motif) {
    case 'circles':
      for (let i = 0; i < 4; i++) {
        shapes.push(svg('circle', { cx: 20 + ((seed * (i + 3)) % 60), cy: 22 + ((seed * (i + 5)) % 56), r: 8 + ((seed + i * 11) % 16), fill: i % 2 ? dark : mid, opacity: 0.8 }));
      }
      break;
    case 'stripes':
      for (let i = -100; i < 100; i += 14) shapes.push(svg('rect', { x: i + (seed % 14), y: -20, width: 6, height: 160, fill: dark, opacity: 0.55, transform: 'rotate(30 50 50)' }));
      break;
    case 'grid':
      for (let x = 0; x < 4; x++) {
        for (let y = 0; y < 4; y++) {
          if ((x + y + seed) % 3 === 0) shapes.push(svg('rect', { x: 8 + x * 22, y: 8 + y * 22, width: 18, height: 18, rx: 3, fill: (x * y) % 2 ? dark : mid }));
        }
      }
      break;
    case 'waves':
      for (let i = 0; i < 4; i++) {
        const y = 25 + i * 17;
        shapes.push(svg('path', { d: `M0 ${y} Q25 ${y - 12} 50 ${y} T100 ${y}`, stroke: i % 2 ? dark : mid, 'stroke-width': 5, fill: 'none' }));
      }
      break;
  }
  return svg(
    'svg',
    { viewBox: '0 0 100 100', class: 'placeholder-image', role: 'img', 'aria-label': `Placeholder image, variant ${image.variant}` },
    svg('rect', { width: 100, height: 100, fill: light }),
    ...shapes,
  );
}
