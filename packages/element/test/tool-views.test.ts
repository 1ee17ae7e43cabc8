import { expect, fixture, html as testHtml } from '@open-wc/testing';
import { html } from 'lit';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ToolViewCall } from '../src/context/adapter.js';
import type { RunFinishDetail } from '../src/events.js';
import { applyEvent } from '../src/core/turns/apply-event.js';
import { TurnLog } from '../src/core/turns/turn-log.js';
import { load } from '../src/features/registry.js';
import { parsePartialJson } from '../src/core/partial-json.js';
import { axeViolations } from './support/axe.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, toolChips } from './support/dom.js';
import { CHOICE, FORECAST, WEATHER } from './support/tool-view-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

// Custom tool views (issue #21, point 5) in Chromium against the real agent server (test-server.ts,
// tool-view-scenarios.ts): the host's renderer replaces a call's chip, sees the input as it streams, then the result;
// a client tool's view answers the call with the user's choice.

/** What a view was given, each time, in the order it was given. */
type Seen = Pick<ToolViewCall, 'partial' | 'input' | 'status' | 'result'>;
const seen = (call: ToolViewCall): Seen => ({ partial: call.partial, input: call.input, status: call.status, result: call.result });

async function chat(name: string, prefix: string, adapter: AgentChat['adapter']) {
  // Both chunks in before the run, so the view is drawn from the input's first piece.
  await Promise.all([load('cards', document.body), load('tool-views', document.body)]);
  const endpoint = await scenario(name);
  const session = uniqueSession(prefix);
  const el = await fixture<AgentChat>(testHtml`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
  el.adapter = adapter;
  return { el, endpoint, session };
}

async function runToEnd(el: AgentChat, text: string) {
  const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
  await el.send(text);
  expect((await finished).detail.stopReason).to.equal('end_turn');
  await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === WEATHER.after), { message: 'the answer after the tool' });
}

/** The views it was given grew the input from part of it to all of it, and only then came the result. */
function expectStreamedThenResult(views: Seen[]) {
  const partial = views.filter((view) => view.partial && view.status === 'streaming');
  expect(partial.length, 'views of the input while it streamed').to.be.greaterThan(1);
  // Each partial input is part of the whole: a field cut where the text stopped, never a wrong value.
  for (const { input } of partial) {
    const fields = (input ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(fields)) {
      const whole = WEATHER.input[key as keyof typeof WEATHER.input];
      if (typeof whole === 'string') expect(whole.startsWith(String(value)), `${key}: ${String(value)}`).to.equal(true);
      else expect(value).to.equal(whole);
    }
  }
  expect(partial.some((view) => (view.input as { summary?: string } | undefined)?.summary?.length)).to.equal(true);
  const firstResult = views.findIndex((view) => view.result !== undefined);
  expect(firstResult).to.be.greaterThan(views.indexOf(partial.at(-1)!));
  expect(views.at(-1)).to.deep.include({ partial: false, status: 'done', input: WEATHER.input });
  expect(views.at(-1)!.result).to.deep.equal({ ...FORECAST, city: 'Lisbon', days: 3 });
}

describe('<agent-chat> custom tool views (real server)', () => {
  it('a TemplateResult renderer draws the partial input as it streams, then the result, in place of the chip', async () => {
    const views: Seen[] = [];
    const { el } = await chat('tool-views', 'view-template', {
      renderTool: (call) => {
        if (call.name !== 'get_weather') return undefined;
        views.push(seen(call));
        const input = (call.input ?? {}) as { city?: string; summary?: string };
        const result = call.result as { temperature?: number } | undefined;
        return html`<section class="weather" data-status=${call.status}>
          <h3>${input.city ?? '…'}</h3>
          <p class="summary">${input.summary ?? ''}</p>
          ${result ? html`<p class="temperature">${result.temperature} °C</p>` : ''}
        </section>`;
      },
    });
    await runToEnd(el, 'Weather in Lisbon?');
    expectStreamedThenResult(views);
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    const card = chip.shadowRoot!.querySelector('.weather')!;
    expect(card.getAttribute('data-status')).to.equal('done');
    expect(card.querySelector('h3')!.textContent).to.equal('Lisbon');
    expect(card.querySelector('.temperature')!.textContent).to.equal('21 °C');
    // The default chip is not drawn for this call.
    expect(chip.shadowRoot!.querySelector('[part="tool-chip"]')).to.equal(null);
  });

  it('a Node is placed once and kept up to date by the host through onUpdate', async () => {
    const views: Seen[] = [];
    let rendered = 0;
    const node = document.createElement('div');
    node.className = 'weather-node';
    const { el } = await chat('tool-views', 'view-node', {
      toolViews: {
        get_weather: (call) => {
          rendered++;
          const show = (next: ToolViewCall) => {
            views.push(seen(next));
            node.textContent = `${(next.input as { city?: string } | undefined)?.city ?? ''} ${next.status}`;
          };
          show(call);
          call.onUpdate(show);
          return node;
        },
      },
    });
    await runToEnd(el, 'Weather in Lisbon?');
    expect(rendered).to.equal(1);
    expectStreamedThenResult(views);
    const chip = toolChips(el)[0]!;
    expect(chip.shadowRoot!.querySelector('.weather-node')).to.equal(node);
    expect(node.textContent).to.equal('Lisbon done');
  });

  it('a tag name gets its element created once and the call set as .call at each change', async () => {
    const views: Seen[] = [];
    const made: HTMLElement[] = [];
    class TestWeatherCard extends HTMLElement {
      #call: ToolViewCall | undefined;
      constructor() {
        super();
        made.push(this);
      }
      set call(call: ToolViewCall | undefined) {
        this.#call = call;
        if (call) views.push(seen(call));
        this.textContent = call ? `${(call.input as { city?: string } | undefined)?.city ?? ''} ${call.status}` : '';
      }
      get call() {
        return this.#call;
      }
    }
    if (!customElements.get('test-weather-card')) customElements.define('test-weather-card', TestWeatherCard);
    const { el } = await chat('tool-views', 'view-tag', { toolViews: { get_weather: 'test-weather-card' } });
    await runToEnd(el, 'Weather in Lisbon?');
    expect(made).to.have.length(1);
    expectStreamedThenResult(views);
    const card = toolChips(el)[0]!.shadowRoot!.querySelector('test-weather-card')!;
    expect(card).to.equal(made[0]);
    expect(card.textContent).to.equal('Lisbon done');
  });

  it('Stop while the input streams: the half-written call is not shown, as after a reload (nothing of it is stored)', async () => {
    const views: Seen[] = [];
    const { el, endpoint, session } = await chat('tool-views', 'view-stop', {
      renderTool: (call) => {
        views.push(seen(call));
        return html`<p class="weather">${(call.input as { city?: string } | undefined)?.city ?? ''}</p>`;
      },
    });
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    const sent = el.send('Weather in Lisbon?');
    await waitFor(() => views.some((view) => view.status === 'streaming'), { message: 'the view of the streaming input' });
    expect(toolChips(el)[0]!.hidden).to.equal(false);
    await el.stop();
    expect((await finished).detail.stopReason).to.equal('cancelled');
    await sent;
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(chip.hidden).to.equal(true);
    expect(getComputedStyle(chip).display).to.equal('none');
    const stored = await storedSession(endpoint, session);
    expect(stored.turns.some((turn) => turn.type === 'tool_call')).to.equal(false);
  });

  it('a renderer that returns nothing for a call keeps its default chip', async () => {
    const { el } = await chat('tool-views', 'view-none', { renderTool: () => undefined });
    await runToEnd(el, 'Weather in Lisbon?');
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(chip.shadowRoot!.querySelector('[part="tool-chip"]')).to.not.equal(null);
    expect(chip.state).to.equal('done');
  });

  it('a view that fails keeps the default chip: a renderer that throws, a name that is no tag', async () => {
    const failing: AgentChat['adapter'][] = [
      {
        renderTool: () => {
          throw new Error('the host view broke');
        },
      },
      { toolViews: { get_weather: 'not a tag' } },
    ];
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args[0]);
    try {
      for (const [index, adapter] of failing.entries()) {
        const { el } = await chat('tool-views', `view-failing-${index}`, adapter);
        await runToEnd(el, 'Weather in Lisbon?');
        const chip = toolChips(el)[0]!;
        await chip.updateComplete;
        expect(chip.shadowRoot!.querySelector('[part="tool-chip"]'), `adapter ${index}`).to.not.equal(null);
      }
    } finally {
      console.error = error;
    }
    expect(logged.some((line) => String(line).includes('the view of the tool "get_weather" failed'))).to.equal(true);
  });

  it('a choice picker answers a client tool: the agent gets the chosen value as its result', async () => {
    const statuses: string[] = [];
    let keptRespond: ((value: unknown) => void) | undefined;
    let respondWhenDone: unknown = 'not drawn done';
    const { el, endpoint, session } = await chat('tool-choice', 'view-choice', {
      toolViews: {
        pick_plan: (call) => {
          statuses.push(call.status);
          if (call.status === 'waiting') keptRespond ??= call.respond;
          if (call.status === 'done') respondWhenDone = call.respond;
          const input = call.input as typeof CHOICE.input | undefined;
          const open = call.status === 'waiting';
          return html`<fieldset class="picker">
            <legend>${input?.question ?? ''}</legend>
            ${(input?.options ?? []).map(
              (option) => html`<button type="button" ?disabled=${!open} @click=${() => call.respond?.(option.value)}>${option.label}</button>`,
            )}
          </fieldset>`;
        },
      },
    });
    // The run ends waiting for the user's choice, as for a confirmation card: nothing is running meanwhile.
    const asked = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    await el.send('Sign me up');
    expect((await asked).detail.stopReason).to.equal('awaiting_input');
    const picker = await waitFor(
      () => {
        const found = toolChips(el)[0]?.shadowRoot?.querySelector<HTMLFieldSetElement>('.picker');
        return found && found.querySelectorAll('button:not([disabled])').length === 2 ? found : undefined;
      },
      { message: 'the picker, waiting for a choice' },
    );
    expect(await axeViolations(toolChips(el)[0]!)).to.deep.equal([]);
    const pro = Array.from(picker.querySelectorAll('button')).find((button) => button.textContent === 'Pro')!;
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    pro.click();
    expect((await finished).detail.stopReason).to.equal('end_turn');
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === CHOICE.after('pro')), { message: 'the answer with the choice' });
    const stored = await storedSession(endpoint, session);
    const result = stored.turns.find((turn) => turn.type === 'tool_result');
    expect(result).to.deep.include({ isError: false, output: 'pro' });
    expect(statuses).to.include('waiting');
    expect(statuses.at(-1)).to.equal('done');
    // Answered: the picker no longer offers a choice, the view is given no respond, and one it kept does nothing.
    const after = toolChips(el)[0]!.shadowRoot!.querySelector('.picker')!;
    expect(after.querySelectorAll('button:not([disabled])')).to.have.length(0);
    expect(respondWhenDone, 'no respond once the call has its result').to.equal(undefined);
    const drawn = statuses.length;
    keptRespond!('basic');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    expect(statuses.slice(drawn).every((status) => status === 'done'), `statuses after a late answer: ${statuses.slice(drawn)}`).to.equal(true);
    expect(el.running).to.equal(false);
    expect((await storedSession(endpoint, session)).turns.filter((turn) => turn.type === 'tool_result')).to.have.length(1);
  });

  it('a renderTool that keeps the chip for a client tool without a handler does not leave it waiting', async () => {
    // renderTool draws other tools only: this client call has no view and no handler, so the page answers it as
    // before views existed (an error result the agent reads) rather than waiting for a respond nothing can give.
    const { el, endpoint, session } = await chat('tool-choice', 'view-none', { renderTool: (call) => (call.name === 'get_weather' ? html`<p>weather</p>` : undefined) });
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { filter: (event) => event.detail.stopReason !== 'awaiting_input' });
    await el.send('Sign me up');
    await finished;
    const stored = await storedSession(endpoint, session);
    const result = stored.turns.find((turn) => turn.type === 'tool_result');
    expect(result).to.deep.include({ isError: true, output: 'This page has no handler for the client tool "pick_plan".' });
    expect(stored.pending).to.deep.equal([]);
  });

  it('a choice picker answers a client tool left waiting before the page loaded (no run waits for it)', async () => {
    // The run that asks, made without any page: it ends waiting for the client tool's answer.
    const endpoint = await scenario('tool-choice');
    const session = uniqueSession('view-choice-reload');
    const asked = await fetch(`${endpoint}/sessions/${session}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Sign me up' }),
    });
    expect(await asked.text()).to.contain('awaiting_input');
    expect((await storedSession(endpoint, session)).pending).to.have.length(1);

    await Promise.all([load('cards', document.body), load('tool-views', document.body)]);
    const el = await fixture<AgentChat>(testHtml`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    el.adapter = {
      toolViews: {
        pick_plan: (call) =>
          html`<div class="picker" role="group" aria-label="Plans">
            <button type="button" ?disabled=${call.status !== 'waiting'} @click=${() => call.respond?.('basic')}>Basic</button>
          </div>`,
      },
    };
    const button = await waitFor(() => toolChips(el)[0]?.shadowRoot?.querySelector<HTMLButtonElement>('.picker button:not([disabled])'), {
      message: 'the picker, waiting after the load',
    });
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    button.click();
    expect((await finished).detail.stopReason).to.equal('end_turn');
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === CHOICE.after('basic')), { message: 'the answer with the choice' });
    const result = (await storedSession(endpoint, session)).turns.find((turn) => turn.type === 'tool_result');
    expect(result).to.deep.include({ isError: false, output: 'basic' });
  });
});

describe('a tool call as its input streams (apply-event)', () => {
  it('grows one tool_call turn from its tool_input_deltas, which its tool_call then replaces whole', () => {
    const log = new TurnLog([{ id: 'u1', createdAt: 1, type: 'user', text: 'Weather?' }]);
    const delta = (text: string) => ({ type: 'tool_input_delta' as const, turnId: 't2', toolCallId: 'call_1', name: 'get_weather', delta: text });
    applyEvent(log, delta('{"city":"Li'), 2);
    applyEvent(log, delta('sbon","da'), 3);
    expect(log.turns).to.have.length(2);
    expect(log.turns[1]).to.deep.include({ id: 't2', type: 'tool_call', toolCallId: 'call_1', name: 'get_weather', text: '{"city":"Lisbon","da' });
    expect(parsePartialJson((log.turns[1] as { text: string }).text)).to.deep.equal({ city: 'Lisbon' });
    const input = { city: 'Lisbon', days: 3 };
    applyEvent(log, { type: 'tool_call', turnId: 't2', toolCallId: 'call_1', name: 'get_weather', kind: 'read', label: 'Forecast for Lisbon', input }, 4);
    expect(log.turns).to.have.length(2);
    expect(log.turns[1]).to.deep.equal({
      id: 't2',
      createdAt: 2,
      type: 'tool_call',
      toolCallId: 'call_1',
      name: 'get_weather',
      input,
      kind: 'read',
      label: 'Forecast for Lisbon',
    });
  });
});

describe('parsePartialJson', () => {
  it('reads the start of a JSON text as far as it goes', () => {
    expect(parsePartialJson('')).to.equal(undefined);
    expect(parsePartialJson('{')).to.deep.equal({});
    expect(parsePartialJson('{"ci')).to.deep.equal({});
    expect(parsePartialJson('{"city"')).to.deep.equal({});
    expect(parsePartialJson('{"city":')).to.deep.equal({});
    expect(parsePartialJson('{"city": "Lis')).to.deep.equal({ city: 'Lis' });
    expect(parsePartialJson('{"city":"Lisbon","days":1')).to.deep.equal({ city: 'Lisbon', days: 1 });
    expect(parsePartialJson('{"city":"Lisbon","days":-')).to.deep.equal({ city: 'Lisbon' });
    expect(parsePartialJson('{"ok":tr')).to.deep.equal({});
    expect(parsePartialJson('{"ok":true,"n":nul')).to.deep.equal({ ok: true });
    expect(parsePartialJson('{"list":[1,2,')).to.deep.equal({ list: [1, 2] });
    expect(parsePartialJson('{"list":[{"a":"x"},{"a":"y')).to.deep.equal({ list: [{ a: 'x' }, { a: 'y' }] });
    expect(parsePartialJson('[')).to.deep.equal([]);
    expect(parsePartialJson('"abc')).to.equal('abc');
  });

  it('reads escapes, and leaves out one cut in half', () => {
    expect(parsePartialJson('{"s":"a\\nb\\u00e9')).to.deep.equal({ s: 'a\nbé' });
    expect(parsePartialJson('{"s":"a\\')).to.deep.equal({ s: 'a' });
    expect(parsePartialJson('{"s":"a\\u00')).to.deep.equal({ s: 'a' });
    expect(parsePartialJson('{"k\\"ey":1}')).to.deep.equal({ 'k"ey': 1 });
    expect(parsePartialJson('{"k\\"')).to.deep.equal({});
  });

  it('keeps "__proto__" as an own key, and reads nesting deeper than the stack as nothing, never a throw', () => {
    const parsed = parsePartialJson('{"__proto__":{"polluted":1},"a":1') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).to.equal(Object.prototype);
    expect(Object.keys(parsed)).to.deep.equal(['__proto__', 'a']);
    expect((parsed as { polluted?: number }).polluted).to.equal(undefined);
    expect(parsePartialJson('['.repeat(200_000))).to.equal(undefined);
  });

  it('agrees with JSON.parse on whole texts', () => {
    for (const value of [{ a: [1, 2.5, -3e2, true, false, null], b: { c: 'd "quoted" \\ /' } }, [], 'x', 0, null]) {
      expect(parsePartialJson(JSON.stringify(value))).to.deep.equal(value);
      expect(parsePartialJson(JSON.stringify(value, null, 2))).to.deep.equal(value);
    }
  });

  it('is undefined for what is not the start of a JSON value (pieces joined from the middle)', () => {
    expect(parsePartialJson('bon", "days": 3}')).to.equal(undefined);
    expect(parsePartialJson('{"a":1}, {"b":2}')).to.equal(undefined);
    expect(parsePartialJson('{"a" 1}')).to.equal(undefined);
    expect(parsePartialJson('{a:1}')).to.equal(undefined);
    expect(parsePartialJson('{"a":01}')).to.equal(undefined);
    expect(parsePartialJson('{"s":"\\x"}')).to.equal(undefined);
  });
});
