import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { nextEvent } from './support/wait.js';

describe('<agent-chat> a trigger whose turn stops for the page (real server)', () => {
  it('keeps the trigger and its payload in the context the turn resumes with, after the page ran its client tool', async () => {
    const endpoint = await scenario('client');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('trigger-resume')}></agent-chat>`);
    el.adapter = {
      getContext: () => ({ page: 'quiz' }),
      tools: { read_page: () => ({ heading: 'Question 3' }) },
    };
    // What the element asks of the server, read where it leaves: the page's fetch.
    const bodies = new Map<string, unknown>();
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (init?.method === 'POST' && typeof init.body === 'string') bodies.set(url.split('/').pop()!, JSON.parse(init.body));
      return fetch(input, init);
    };
    try {
      const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
      expect(el.trigger('questionWrong', { question: 3, answer: 'B' }, { priority: 'high' })).to.equal(true);
      expect((await finished).detail.stopReason).to.equal('end_turn');
    } finally {
      window.fetch = fetch;
    }
    const trigger = { name: 'questionWrong', payload: { question: 3, answer: 'B' } };
    expect(bodies.get('messages')).to.deep.include({ trigger: 'questionWrong' });
    expect((bodies.get('messages') as { context: unknown }).context).to.deep.equal({ page: 'quiz', trigger });
    expect((bodies.get('resume') as { context: unknown }).context, 'the resumed turn still knows its trigger').to.deep.equal({ page: 'quiz', trigger });
  });
});
