import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, suggestionOptions, textarea } from './support/dom.js';
import { waitFor } from './support/wait.js';

describe('<agent-chat> adapter.headers() on every request (real server records them)', () => {
  it('sends the headers with history, messages, resume, tools and cancel', async () => {
    const tag = uniqueSession('tag');
    const session = uniqueSession('headers');
    const el = await fixture<AgentChat>(html`<agent-chat></agent-chat>`);
    let asked = 0;
    el.adapter = {
      // Async, as a token refresh would be.
      headers: async () => {
        asked += 1;
        return { 'x-test-tag': tag };
      },
      tools: { read_page: () => 'page text' },
    };
    el.session = session;

    // History (GET), message (POST), resume (POST) on the client-tool scenario.
    el.endpoint = await scenario('client');
    await el.send('title');
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the reply after the client tool' });

    // GET /tools for the catalog, POST .../commands for the slash list.
    el.endpoint = await scenario('commands');
    await el.updateComplete;
    textarea(el).focus();
    await sendKeys({ type: '/' });
    await waitFor(() => suggestionOptions(el).length > 0, { message: 'the commands' });
    await sendKeys({ press: 'Escape' });

    // Cancel (POST) on a slow run.
    el.endpoint = await scenario('slow');
    void el.send('long please');
    await waitFor(() => assistantBubbles(el)[0]?.text, { message: 'the slow reply' });
    await el.stop();

    const seen = (await taggedRequests(tag)).map((r) => `${r.method} ${r.path}`);
    const at = (name: string, path: string) => `/api/${name}/sessions/${session}${path}`;
    expect(seen).to.include.members([
      `GET ${at('client', '')}`,
      `POST ${at('client', '/messages')}`,
      `POST ${at('client', '/resume')}`,
      `GET ${at('commands', '')}`,
      'GET /api/commands/tools',
      `POST ${at('commands', '/commands')}`,
      `GET ${at('slow', '')}`,
      `POST ${at('slow', '/messages')}`,
      `POST ${at('slow', '/cancel')}`,
    ]);
    expect(asked).to.equal(seen.length);
  });
});
