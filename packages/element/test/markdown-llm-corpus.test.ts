// Our own corpus of replies shaped the way models write them (support/llm-corpus.ts), through the assistant's
// bubble in Chromium: each streamed in 20-character pieces and given at once, to the same DOM, the DOM we expect.
import { expect } from '@open-wc/testing';
import { measure, type Outcome } from './support/conformance.js';
import { LLM_CORPUS } from './support/llm-corpus.js';

describe('markdown: replies shaped the way models write them', () => {
  let outcomes: Map<string, Outcome>;

  before(async () => {
    const measured = await measure(
      LLM_CORPUS.map((reply) => ({ id: reply.name, markdown: reply.markdown, html: reply.html })),
      { references: 'tag' },
    );
    outcomes = new Map(measured.map((outcome) => [outcome.case.id, outcome]));
  });

  for (const reply of LLM_CORPUS) {
    it(reply.name, () => {
      const outcome = outcomes.get(reply.name)!;
      expect(outcome.streamedMarkup, 'streamed in 20-character pieces, then ended = given at once').to.equal(outcome.onceMarkup);
      expect(outcome.garbage, 'nothing a rendering bug shows').to.deep.equal([]);
      expect(outcome.lostText, 'no lost text').to.equal('');
      expect(outcome.actual).to.equal(outcome.expected);
    });
  }
});
