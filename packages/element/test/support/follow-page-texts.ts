/** What the follow-the-page scenario's tool and model say, shared by the server (Node) and the tests (browser). */

export const PROGRESS = {
  slides: 3,
  /** The tool holds before this slide (0-based) until the test lets it go. */
  holdBefore: 2,
  label: 'Rewriting the slides',
  progress: (slide: number) => `Rewriting slide ${slide} of 3…`,
  answer: 'All three slides are rewritten.',
} as const;
