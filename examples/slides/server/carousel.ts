/**
 * The carousel session of seed 000: one draft turned into slides, then a style, image prompts, images and an
 * export, in five stages. Plain JSON throughout: it is persisted as is, snapshotted for undo and sent to the page.
 */

export const STAGES = [
  { stage: 1, name: 'Slides', summary: 'Turn the draft into slide texts' },
  { stage: 2, name: 'Style', summary: 'Pick a visual style' },
  { stage: 3, name: 'Prompts', summary: 'Write an image prompt per slide' },
  { stage: 4, name: 'Images', summary: 'Generate the images' },
  { stage: 5, name: 'Export', summary: 'Apply styles and export' },
] as const;

export type Stage = (typeof STAGES)[number]['stage'];
export const FIRST_STAGE: Stage = 1;
export const LAST_STAGE: Stage = 5;

export function isStage(value: unknown): value is Stage {
  return typeof value === 'number' && STAGES.some((entry) => entry.stage === value);
}

export function stageName(stage: Stage): string {
  return STAGES.find((entry) => entry.stage === stage)!.name;
}

/** A placeholder picture: what an image model would return, reduced to what the page needs to draw one offline. */
export interface SlideImage {
  /** Bumped by "regenerate image N", so each regeneration looks different. */
  variant: number;
  hue: number;
  motif: 'circles' | 'stripes' | 'grid' | 'waves';
  /** The prompt it was made from, so a stale image (prompt changed since) can be told apart. */
  prompt: string;
}

export interface Slide {
  title: string;
  body: string;
  imagePrompt: string;
  image: SlideImage | null;
  /** Index into `styleProposals` once styles are applied (stage 5); null before. */
  styleIndex: number | null;
}

export interface StyleProposal {
  index: number;
  name: string;
  description: string;
  palette: { background: string; text: string; accent: string };
  font: 'serif' | 'sans' | 'mono';
}

export interface Carousel {
  id: string;
  stage: Stage;
  language: string;
  draft: string;
  slides: Slide[];
  styleProposals: StyleProposal[];
  /** How many times proposals were generated: each round offers different ones. */
  proposalRound: number;
  selectedStyle: number | null;
  /** The style words every image prompt starts with (seed §4.2.7 `shared_prompt_prefix`). */
  sharedPromptPrefix: string;
  exportedAt: string | null;
  updatedAt: string;
}

/** A 1-based slide number from the agent or the user, checked against the carousel: the error names the range. */
export function slideAt(carousel: Carousel, slideNumber: number): Slide {
  const slide = carousel.slides[slideNumber - 1];
  if (!Number.isInteger(slideNumber) || !slide) {
    const range = carousel.slides.length ? `1 to ${carousel.slides.length}` : 'none yet: generate slides first';
    throw new Error(`There is no slide ${slideNumber}. Slides: ${range}.`);
  }
  return slide;
}
