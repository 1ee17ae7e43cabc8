import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from './support/demo-server.js';
import { repeatedPhrase } from './support/repeated-phrase.js';
import { sampleDiscovery } from '../discovery/page/sample-discoveries.js';

/**
 * The offline demo models of the slides, persona, discovery and study examples (issue #20), over HTTP against the demo server: what
 * people say reaches the right tool; what the model does not understand gets what it can do, as chips it does
 * understand; and no reply says a phrase twice in a row. The browser side (chips drawn and clicked) is in
 * slides.test.ts and persona.test.ts.
 */

let server: DemoServer;
beforeAll(async () => (server = await startDemoServer()));
afterAll(() => server?.close());

interface Call {
  name: string;
  input: Record<string, unknown>;
}

/** One message to an example's agent: the tool calls it made, in order, and the run's end. */
async function send(example: string, session: string, text: string, context?: Record<string, unknown>) {
  const response = await fetch(`${server.url}/${example}/api/agent/sessions/${session}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, ...(context ? { context } : {}) }),
  });
  expect(response.status, `${example}: ${text}`).toBe(200);
  const events = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as { type: string; name?: string; input?: Record<string, unknown>; stopReason?: string });
  const calls: Call[] = events.filter((event) => event.type === 'tool_call').map((event) => ({ name: event.name!, input: event.input ?? {} }));
  return { calls, done: events.at(-1) };
}

/** The suggestion card's chips from a run's calls; [] when it showed none. */
const chipsOf = (calls: Call[]) => (calls.find((call) => call.name === 'suggest_requests')?.input.suggestions as string[] | undefined) ?? [];

let carousels = 0;
/** A carousel of its own (the sample), moved to `stage` through the app's API. */
async function carouselAt(stage: number): Promise<string> {
  const id = `model-${Date.now()}-${carousels++}`;
  const response = await fetch(`${server.url}/slides/api/carousels/${id}/stage`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stage }),
  });
  expect(response.ok || stage === 1).toBe(true);
  return id;
}

const page = (stage: number, selectedSlide: number | null = null) => ({ stage, stageName: '', slideCount: 6, selectedSlide });

/** [what the user says, stage, the write tool it must reach, the input it must carry]. */
const SLIDES_PARAPHRASES: [string, number, string, Record<string, unknown>][] = [
  ['slide 3 is too long, shorten it', 1, 'regenerate_slide', { slide_index: 3 }],
  ['can you make the third slide more concise?', 1, 'regenerate_slide', { slide_index: 3 }],
  ['Slide 5 feels a bit long', 1, 'regenerate_slide', { slide_index: 5 }],
  ['turn slide four into a question', 1, 'regenerate_slide', { slide_index: 4, instruction: 'Turn the title into a question the slide answers.' }],
  ['slide 4 sounds too stiff', 1, 'regenerate_slide', { slide_index: 4, instruction: 'Make it less formal, as if said to a colleague.' }],
  ['the last slide should be more professional', 1, 'regenerate_slide', { slide_index: 6, instruction: 'Make it more formal and professional.' }],
  ['slides 1 and 2 say the same thing', 1, 'regenerate_slide', { slide_index: 2 }],
  ['set the title of slide 2 to "Cameras off"', 1, 'update_slide', { slide_index: 2, title: 'Cameras off' }],
  ['make all the slides shorter', 1, 'regenerate_all_slides', { instruction: 'Make each slide shorter and punchier.' }],
  ['suggest some styles', 2, 'generate_style_proposals', {}],
  ['I like the second style', 2, 'select_style', { style_index: 2 }],
  ['write the image prompts', 3, 'generate_prompts', {}],
  ['prompt 2 with a sunset', 3, 'regenerate_prompt', { slide_index: 2 }],
  ['draw the pictures', 4, 'generate_images', {}],
  ["I don't like image 3", 4, 'regenerate_image', { slide_index: 3 }],
  ['give slide 2 style 1', 5, 'update_slide_style', { slide_index: 2, style_index: 1 }],
  ["I'm done, export it", 5, 'export_carousel', {}],
  ['move on', 1, 'next_stage', {}],
  ['take me to the images', 1, 'go_to_stage', { stage: 4 }],
  ['go back a stage', 3, 'previous_stage', {}],
];

describe('the slides demo model understands what people say (issue #20)', () => {
  it.each(SLIDES_PARAPHRASES)('“%s” (stage %i) reaches %s', async (text, stage, tool, input) => {
    const { calls } = await send('slides', await carouselAt(stage), text, page(stage));
    expect(calls.map((call) => call.name)).toContain(tool);
    expect(calls.find((call) => call.name === tool)!.input).toMatchObject(input);
  });

  it('questions read and change nothing: "what\'s on slide 4?", "what was my draft?", "which stage am I in?"', async () => {
    const carousel = await carouselAt(1);
    const reads = ['get_slide', 'get_all_slides', 'get_draft', 'get_session_info', 'get_style_proposals'];
    for (const [text, tool] of [["what's on slide 4?", 'get_slide'], ['what was my draft?', 'get_draft'], ['which stage am I in?', 'get_session_info'], ['list the slides', 'get_all_slides']]) {
      const { calls, done } = await send('slides', carousel, text!, page(1));
      expect(calls.map((call) => call.name), text).toEqual([tool]);
      expect(calls.every((call) => reads.includes(call.name))).toBe(true);
      expect(done).toMatchObject({ type: 'done', hasWrites: false });
    }
  });

  it('"make it a question" is about the selected slide, else the slide last talked about, else it asks which', async () => {
    const selected = await send('slides', await carouselAt(1), 'make it a question', page(1, 5));
    expect(selected.calls.find((call) => call.name === 'regenerate_slide')?.input).toMatchObject({ slide_index: 5 });

    const carousel = await carouselAt(1);
    await send('slides', carousel, 'slide 3 is too long, shorten it', page(1));
    const previous = await send('slides', carousel, 'make it a question', page(1));
    expect(previous.calls.find((call) => call.name === 'regenerate_slide')?.input).toMatchObject({ slide_index: 3 });

    const unclear = await send('slides', await carouselAt(1), 'make it a question', page(1));
    expect(unclear.calls.map((call) => call.name)).toEqual(['suggest_requests']);
    expect(chipsOf(unclear.calls)).toEqual(['Make slide 1 a question', 'Make slide 2 a question', 'Make slide 3 a question', 'Make slide 4 a question']);
  });

  it('a request it does not understand gets what it can do in this stage, as chips, and every chip is understood', async () => {
    for (const stage of [1, 2, 3, 4, 5]) {
      const { calls } = await send('slides', await carouselAt(stage), 'what is the weather in Paris?', page(stage));
      expect(calls.map((call) => call.name), `stage ${stage}`).toEqual(['suggest_requests']);
      expect(String(calls[0]!.input.summary)).toContain('offline demo model');
      const chips = chipsOf(calls);
      expect(chips.length, `stage ${stage}`).toBeGreaterThanOrEqual(3);
      for (const chip of chips) {
        const answer = await send('slides', await carouselAt(stage), chip, page(stage));
        const names = answer.calls.map((call) => call.name);
        expect(names.length, `stage ${stage}: ${chip}`).toBeGreaterThan(0);
        expect(names, `stage ${stage}: ${chip}`).not.toContain('suggest_requests');
      }
    }
  }, 90_000);

  it('without the page context (curl), it looks the stage up before saying what it can do', async () => {
    const { calls } = await send('slides', await carouselAt(2), 'blorp');
    expect(calls.map((call) => call.name)).toEqual(['get_session_info', 'suggest_requests']);
    expect(chipsOf(calls)).toContain('Propose styles');
  });
});

let personas = 0;
/** A persona of its own, with the starter optimist's test inputs' kind of content. */
async function persona(): Promise<string> {
  const api = `${server.url}/persona/api/personas`;
  const post = (url: string, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ id: string }>);
  const created = await post(api, { name: `Model test ${personas++}`, systemPrompt: 'You are upbeat. Keep answers short.' });
  await post(`${api}/${created.id}/test-inputs`, { content: 'I failed my math exam. Is there any hope?' });
  await post(`${api}/${created.id}/test-inputs`, { content: 'It is raining on my wedding day.' });
  return `persona-${created.id}`;
}

const PERSONA_PARAPHRASES: [string, string, Record<string, unknown>][] = [
  ['rename it to Sunny', 'update_persona_name', { name: 'Sunny' }],
  ["let's call this persona Captain Hope", 'update_persona_name', { name: 'Captain Hope' }],
  ['the name should be Ray', 'update_persona_name', { name: 'Ray' }],
  ['tell it to end every answer with a question', 'update_system_prompt', {}],
  ['make it always answer in French', 'update_system_prompt', {}],
  ['list my tests', 'list_test_inputs', {}],
  ['what does the prompt say?', 'get_persona', {}],
  ["what's it called?", 'get_persona', {}],
  ['new test: "How do I stay calm?"', 'create_test_input', { content: 'How do I stay calm?' }],
  ['add a test asking what the weather is like', 'create_test_input', { content: 'What is the weather like?' }],
];

describe('the persona demo model understands what people say (issue #20)', () => {
  it.each(PERSONA_PARAPHRASES)('“%s” reaches %s', async (text, tool, input) => {
    const { calls } = await send('persona', await persona(), text);
    expect(calls.map((call) => call.name)).toContain(tool);
    expect(calls.find((call) => call.name === tool)!.input).toMatchObject(input);
  });

  it('"get rid of the math test" finds the test input about math and deletes it', async () => {
    const { calls } = await send('persona', await persona(), 'get rid of the math test');
    expect(calls.map((call) => call.name)).toEqual(['list_test_inputs', 'delete_test_input']);
  });

  it('a request it does not understand gets what it can do, as chips it understands; a free rewrite of the prompt says why not', async () => {
    const { calls } = await send('persona', await persona(), 'sing me a song');
    expect(calls.map((call) => call.name)).toEqual(['suggest_requests']);
    const chips = chipsOf(calls);
    expect(chips.length).toBe(4);
    for (const chip of chips) {
      const names = (await send('persona', await persona(), chip)).calls.map((call) => call.name);
      expect(names.length, chip).toBeGreaterThan(0);
      expect(names, chip).not.toContain('suggest_requests');
    }
    const rewrite = await send('persona', await persona(), 'make the prompt funnier');
    expect(rewrite.calls.map((call) => call.name)).toEqual(['suggest_requests']);
  }, 60_000);

  it('"Hello, who are you?" is answered in words, with no tool (the seed\'s milestone 1)', async () => {
    const { calls } = await send('persona', await persona(), 'Hello, who are you?');
    expect(calls).toEqual([]);
  });
});

/** The sample board as the discovery page sends it: each item with its column and links in `data`. */
const board = () => ({
  discovery: 'Mid-market churn, Q3',
  items: sampleDiscovery('model').items.map(({ id, title, text, column, links }) => ({ id, ...(title ? { title } : {}), text, data: { column, links } })),
});
let discoveries = 0;
const discovery = () => `model-${Date.now()}-${discoveries++}`;

const DISCOVERY_PARAPHRASES: [string, string, Record<string, unknown>][] = [
  ['new fact: churned accounts used fewer seats citing I-1', 'add_item', { entity_type: 'fact', text: 'Churned accounts used fewer seats.', related_ids: ['I-1'] }],
  ['record an insight that onboarding drives churn', 'add_item', { entity_type: 'insight', text: 'Onboarding drives churn.' }],
  ['F-1 should say 9 of 12 churned customers named the price increase', 'edit_item', { item_id: 'F-1', new_text: '9 of 12 churned customers named the price increase.' }],
  ['reword F-2 to: Setup tickets doubled in July', 'edit_item', { item_id: 'F-2', new_text: 'Setup tickets doubled in July.' }],
  ['get rid of F-2', 'delete_item', { item_id: 'F-2' }],
  ['F-3 is wrong, remove it', 'delete_item', { item_id: 'F-3' }],
  ['what is R-1 based on?', 'get_item', { item_id: 'R-1' }],
  ['what backs up N-2?', 'get_item', { item_id: 'N-2' }],
  ['what does F-1 say?', 'get_item', { item_id: 'F-1' }],
  ['how could F-2 connect to the rest?', 'get_item', { item_id: 'F-2' }],
  ['is N-1 still valid after the change to F-1?', 'get_item', { item_id: 'N-1' }],
  ['where do we stand?', 'list_items', {}],
  ['any holes in the analysis?', 'list_items', {}],
];

describe('the discovery demo model understands what people say (issue #20)', () => {
  it.each(DISCOVERY_PARAPHRASES)('“%s” reaches %s', async (text, tool, input) => {
    const { calls } = await send('discovery', discovery(), text, board());
    expect(calls[0]?.name).toBe(tool);
    expect(calls[0]!.input).toMatchObject(input);
  });

  it('a request it does not understand gets what it can do on this board, as chips it understands', async () => {
    const { calls } = await send('discovery', discovery(), 'book me a flight to Lisbon', board());
    expect(calls.map((call) => call.name)).toEqual(['suggest_requests']);
    expect(String(calls[0]!.input.summary)).toContain('offline demo model');
    const chips = chipsOf(calls);
    expect(chips).toEqual(['Summarize the board', 'Any gaps?', 'What supports R-1?', 'Suggest connections for F-1']);
    for (const chip of chips) {
      const names = (await send('discovery', discovery(), chip, board())).calls.map((call) => call.name);
      expect(names.length, chip).toBeGreaterThan(0);
      expect(names, chip).not.toContain('suggest_requests');
    }
    const asked = await send('discovery', discovery(), 'What can you do?', board());
    expect(asked.calls.map((call) => call.name)).toEqual(['suggest_requests']);
  }, 60_000);
});

let learners = 0;
/** The study page's context: a learner of its own reading page 1 of the cell cycle. */
function studyPage() {
  return {
    learnerId: `model-${learners++}`,
    document: { id: 'cell-cycle', title: 'The Cell Cycle', currentPage: 1, totalPages: 3 },
    visibleText: '',
    highlightsOnPage: [],
    notesExcerpt: '',
    flashcardDeck: { cards: 0 },
  };
}
const studySession = () => `model-${Date.now()}-${learners}`;

const STUDY_PARAPHRASES: [string, string, Record<string, unknown>][] = [
  ['turn this page into flashcards', 'readPage', {}],
  ['can you make me some study cards for page 2?', 'readPage', { pageNumber: 2 }],
  ['test me on my cards', 'readFlashcards', {}],
  ['clean up my notes', 'readNotes', {}],
  ['save this page to my notes', 'readPage', {}],
  ['look up photosynthesis in my library', 'searchLibrary', { query: 'photosynthesis' }],
  ['which documents mention energy?', 'searchLibrary', { query: 'energy' }],
  ['what else covers light?', 'findRelatedContent', { topic: 'light' }],
  ['where can I find anaphase?', 'searchDocument', { query: 'anaphase' }],
  ['keep in mind that I am preparing for my biology exam', 'updateMemory', { operation: 'add', content: 'I am preparing for my biology exam' }],
  ['what do you know about me?', 'readMemory', {}],
  ['show me page 3', 'navigateToPage', { pageNumber: 3 }],
  ['underline "cell cycle"', 'highlightText', { text: 'cell cycle' }],
];

describe('the study demo model understands what people say (issue #20)', () => {
  it.each(STUDY_PARAPHRASES)('“%s” reaches %s', async (text, tool, input) => {
    const { calls } = await send('study', studySession(), text, studyPage());
    expect(calls[0]?.name).toBe(tool);
    expect(calls[0]!.input).toMatchObject(input);
  });

  it('a request it does not understand gets what it can do, as chips it understands', async () => {
    const { calls } = await send('study', studySession(), 'order a pizza', studyPage());
    expect(calls.map((call) => call.name)).toEqual(['suggest_requests']);
    expect(String(calls[0]!.input.summary)).toContain('offline demo model');
    const chips = chipsOf(calls);
    expect(chips.length).toBe(4);
    for (const chip of chips) {
      const names = (await send('study', studySession(), chip, studyPage())).calls.map((call) => call.name);
      expect(names.length, chip).toBeGreaterThan(0);
      expect(names, chip).not.toContain('suggest_requests');
    }
  }, 60_000);
});

type PageAnswer = (call: Call) => { output: unknown; isError?: boolean };

/**
 * One message played through as the page plays it: each time the run stops for the page's tools, the page runs them
 * (`answer` gives what it reports) and resumes, until the run ends. A confirmation card is answered by the result.
 */
async function playThrough(example: string, session: string, text: string, context: Record<string, unknown>, answer: PageAnswer) {
  let { done } = await send(example, session, text, context);
  for (let round = 0; done?.stopReason === 'awaiting_input' && round < 12; round++) {
    const stored = (await (await fetch(`${server.url}/${example}/api/agent/sessions/${session}`)).json()) as { pending?: (Call & { toolCallId: string })[] };
    const results = (stored.pending ?? []).map((call) => ({ toolCallId: call.toolCallId, ...answer(call) }));
    const response = await fetch(`${server.url}/${example}/api/agent/sessions/${session}/resume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ results, context }),
    });
    expect(response.status, `${example}: resume after ${text}`).toBe(200);
    done = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)) as { type: string; stopReason?: string })
      .at(-1);
  }
  expect(done, `${example}: ${text}`).toMatchObject({ type: 'done', stopReason: 'end_turn' });
}

/** Everything the model said in a stored conversation: its texts, its thinking and its answer and suggestion cards. */
async function saidIn(example: string, session: string): Promise<string[]> {
  const stored = (await (await fetch(`${server.url}/${example}/api/agent/sessions/${session}`)).json()) as {
    turns: { type: string; text?: string; name?: string; input?: { summary?: string } }[];
  };
  return stored.turns.flatMap((turn) => {
    if (turn.type === 'assistant_text' || turn.type === 'thinking') return [turn.text ?? ''];
    if (turn.type === 'tool_call' && (turn.name === 'suggest_requests' || turn.name === 'final_answer')) return [turn.input?.summary ?? ''];
    return [];
  });
}

describe('the demo models say no phrase twice in a row (issue #20: no "Keep cameras optional — Keep cameras optional")', () => {
  it('the check finds what the issue saw', () => {
    expect(repeatedPhrase('Slide 2 now reads:\n\n**Keep cameras optional** — Keep cameras optional: attention matters more than faces.')).toBe('keep cameras optional');
    expect(repeatedPhrase('> **Keep cameras optional**\n> Attention matters more than faces.')).toBeUndefined();
  });

  it('in a full showcase run of the slides example, through all five stages', async () => {
    const carousel = await carouselAt(1);
    const script: [string, number, number | null][] = [
      ['slide 2 repeats slide 1, fix it', 1, null],
      ['what does slide 2 say?', 1, null],
      ['slide 3 is too long, shorten it', 1, null],
      ['make it a question', 1, null],
      ['make slide 4 less formal', 1, 4],
      ['make it more formal', 1, 4],
      ['summarize the slides', 1, null],
      ["what's my draft?", 1, null],
      ['regenerate all slides', 1, null],
      ['which stage am I in?', 1, null],
      ['hello?', 1, null],
      ['next stage', 1, null],
      ['propose styles', 2, null],
      ['which styles are there?', 2, null],
      ['pick style 2', 2, null],
      ['next stage', 2, null],
      ['generate prompts', 3, null],
      ['regenerate prompt 2 with a sunset', 3, null],
      ['next stage', 3, null],
      ['generate images', 4, null],
      ['new image for slide 3', 4, null],
      ['next stage', 4, null],
      ['apply styles', 5, null],
      ['export', 5, null],
      ['next stage', 5, null],
      ['what is the meaning of life?', 5, null],
    ];
    for (const [text, stage, selected] of script) await send('slides', carousel, text, page(stage, selected));
    const said = await saidIn('slides', carousel);
    expect(said.length).toBeGreaterThan(script.length);
    for (const text of said) expect(repeatedPhrase(text), text).toBeUndefined();
  }, 90_000);

  it('in a full showcase run of the persona example', async () => {
    const session = await persona();
    for (const text of [
      'Hello, who are you?',
      'What is this personas system prompt?',
      'Change the name to Super Optimist',
      'Add "Always end with a question." to the system prompt',
      'What test inputs do I have?',
      'Add a test input: "What is 2+2?"',
      'Delete the test input about math',
      'Show me all test inputs and add a new one about coding',
      'delete test input 999',
      'make the prompt funnier',
      'What can you do?',
      'flibber',
    ]) {
      await send('persona', session, text);
    }
    const said = await saidIn('persona', session);
    expect(said.length).toBeGreaterThan(10);
    for (const text of said) expect(repeatedPhrase(text), text).toBeUndefined();
  }, 60_000);

  it('in a full showcase run of the discovery example', async () => {
    const session = discovery();
    // What the page reports for its tools once the analyst confirms: the board's answers for the sample board.
    const page: PageAnswer = ({ name, input }) => {
      if (name === 'add_item') return { output: { added: { id: 'F-4', links: ['I-1'] } } };
      if (name === 'edit_item') return { output: { edited: input.item_id, stale: ['N-1'] } };
      if (input.item_id === 'F-99') return { output: 'F-99 does not exist. The facts on the board are F-1, F-2, F-3.', isError: true };
      return { output: { deleted: input.item_id, stale: ['N-2'] } };
    };
    for (const text of [
      'Hello',
      'Summarize the board',
      'Any gaps?',
      'What supports R-1?',
      'what does I-1 say?',
      'Add a fact that churned accounts used fewer seats citing @I-1',
      'Suggest connections for F-4',
      'Edit F-1 to say 9 of 12 churned customers named the price increase',
      'Does N-1 still hold after the change to F-1?',
      'Delete F-2',
      'Delete F-99',
      'What can you do?',
      'flibber',
    ]) {
      await playThrough('discovery', session, text, board(), page);
    }
    const said = await saidIn('discovery', session);
    expect(said.length).toBeGreaterThan(10);
    for (const text of said) expect(repeatedPhrase(text), text).toBeUndefined();
  }, 60_000);

  it('in a full showcase run of the study example', async () => {
    const session = studySession();
    const context = studyPage();
    for (const text of [
      'Hello',
      'Make flashcards from this page',
      'Quiz me on my flashcards',
      'Search the library for energy',
      'Find related content about energy',
      'Show me where anaphase is explained',
      'Remember that I am preparing for my biology exam',
      'What do you remember about me?',
      'Go to page 2',
      'Add this page to my notes',
      'Highlight the key terms',
      'What can you do?',
      'flibber',
    ]) {
      // The page runs its tools and reports what they did (here, that each did what it was asked); a page turned is
      // the page the next steps' context is about.
      await playThrough('study', session, text, context, ({ name, input }) => {
        if (name === 'navigateToPage') context.document.currentPage = Number(input.pageNumber);
        return { output: { ...input, ok: true } };
      });
    }
    const said = await saidIn('study', session);
    expect(said.length).toBeGreaterThan(10);
    for (const text of said) expect(repeatedPhrase(text), text).toBeUndefined();
  }, 60_000);
});
