import type { Carousel, StyleProposal } from './carousel.js';
import { hashText } from './text.js';

/** Stage 2 (proposals, selection) and stage 5 (applying styles to slides). */

type StyleSeed = Omit<StyleProposal, 'index' | 'description'> & { mood: string };

const CATALOGUE: readonly StyleSeed[] = [
  { name: 'Bold contrast', mood: 'big black type on warm yellow, confident and loud', palette: { background: '#ffd43b', text: '#111111', accent: '#e03131' }, font: 'sans' },
  { name: 'Soft pastel', mood: 'rounded shapes in mint and peach, calm and friendly', palette: { background: '#e6fcf5', text: '#1b4332', accent: '#ff8787' }, font: 'sans' },
  { name: 'Editorial', mood: 'serif headlines on paper white, like a magazine spread', palette: { background: '#fbf8f1', text: '#2b2a27', accent: '#9c3d10' }, font: 'serif' },
  { name: 'Night mode', mood: 'neon accents on deep navy, techy and focused', palette: { background: '#0b1a33', text: '#e7f5ff', accent: '#22b8cf' }, font: 'mono' },
  { name: 'Sunrise gradient', mood: 'orange to pink warmth, optimistic and energetic', palette: { background: '#fff0e6', text: '#4a1d1f', accent: '#f76707' }, font: 'sans' },
  { name: 'Blueprint', mood: 'white line drawings on engineering blue, precise', palette: { background: '#1c4e80', text: '#f1f3f5', accent: '#ffd43b' }, font: 'mono' },
];

const PROPOSALS_PER_ROUND = 3;

/** Three proposals, chosen from the draft (so two carousels differ); each new round offers the next ones. */
export function generateStyleProposals(carousel: Carousel) {
  const start = (hashText(carousel.draft) + carousel.proposalRound * PROPOSALS_PER_ROUND) % CATALOGUE.length;
  carousel.proposalRound += 1;
  carousel.styleProposals = Array.from({ length: PROPOSALS_PER_ROUND }, (_, i) => {
    const { mood, ...style } = CATALOGUE[(start + i) % CATALOGUE.length]!;
    return { ...style, index: i + 1, description: mood };
  });
  carousel.selectedStyle = null;
  return { done: `Proposed ${PROPOSALS_PER_ROUND} styles.`, proposals: carousel.styleProposals.map(({ index, name, description }) => ({ index, name, description })) };
}

export function proposalAt(carousel: Carousel, styleNumber: number): StyleProposal {
  const proposal = carousel.styleProposals.find((candidate) => candidate.index === styleNumber);
  if (!proposal) {
    const range = carousel.styleProposals.length ? `1 to ${carousel.styleProposals.length}` : 'none yet: generate style proposals first (stage 2)';
    throw new Error(`There is no style ${styleNumber}. Styles: ${range}.`);
  }
  return proposal;
}

export function selectStyle(carousel: Carousel, styleNumber: number) {
  const proposal = proposalAt(carousel, styleNumber);
  carousel.selectedStyle = proposal.index;
  carousel.sharedPromptPrefix = `${proposal.name} style, ${proposal.description}`;
  return { done: `Style ${proposal.index} (${proposal.name}) selected.`, selected: proposal.index, shared_prompt_prefix: carousel.sharedPromptPrefix };
}

/** Stage 5: every slide takes the selected style (the first proposal when none was picked). */
export function applyStyles(carousel: Carousel) {
  if (carousel.styleProposals.length === 0) throw new Error('There are no style proposals: generate them in stage 2 first.');
  const style = carousel.selectedStyle ?? carousel.styleProposals[0]!.index;
  for (const slide of carousel.slides) slide.styleIndex = style;
  return { done: `Applied style ${style} (${proposalAt(carousel, style).name}) to ${carousel.slides.length} slides.` };
}

export function updateSlideStyle(carousel: Carousel, slideNumber: number, styleNumber: number) {
  const slide = carousel.slides[slideNumber - 1];
  if (!slide) throw new Error(`There is no slide ${slideNumber}. Slides: 1 to ${carousel.slides.length}.`);
  const proposal = proposalAt(carousel, styleNumber);
  slide.styleIndex = proposal.index;
  return { done: `Slide ${slideNumber} now uses style ${proposal.index} (${proposal.name}).` };
}
