import type { Carousel } from './carousel.js';

/**
 * The carousel a new session starts with. Its slide 2 deliberately says what slide 1 says, so the seed's
 * showcase ("slide 2 repeats slide 1, fix it") has something to fix on first load; the draft holds sentences
 * no slide uses yet, which is where the slide service finds a distinct angle.
 */
export const SAMPLE_DRAFT = [
  'Most remote meetings waste time. Here are five habits that make them count.',
  'Send the agenda a day before, so people arrive with answers instead of questions.',
  'Start with the decision you need, not with a round of updates.',
  'Keep cameras optional: attention matters more than faces.',
  'Async updates belong in a shared doc, not in a call.',
  'End five minutes early and write down who does what by when.',
  'A meeting without notes is a meeting that will happen again.',
  'Try one habit this week and watch your calendar breathe.',
].join('\n\n');

export function sampleCarousel(id: string, now = new Date()): Carousel {
  const slide = (title: string, body: string) => ({ title, body, imagePrompt: '', image: null, styleIndex: null });
  return {
    id,
    stage: 1,
    language: 'en',
    draft: SAMPLE_DRAFT,
    slides: [
      slide('Remote meetings waste time', 'Most remote meetings waste time. Here are five habits that make them count.'),
      slide('Five habits for better meetings', 'Remote meetings waste a lot of time. These five habits make every meeting count.'),
      slide('Send the agenda early', 'Send the agenda a day before, so people arrive with answers instead of questions.'),
      slide('Lead with the decision', 'Start with the decision you need, not with a round of updates.'),
      slide('End early, with owners', 'End five minutes early and write down who does what by when.'),
      slide('Your turn', 'Try one habit this week and watch your calendar breathe.'),
    ],
    styleProposals: [],
    proposalRound: 0,
    selectedStyle: null,
    sharedPromptPrefix: '',
    exportedAt: null,
    updatedAt: now.toISOString(),
  };
}
