import type { Turn } from '@agent-chat/protocol';
import { scriptedModel, type ScriptedResponse } from '@agent-chat/server';
import { suggestionsCall } from '../../server/suggestions-tool.js';
import { recognize, type DemoRequest } from './demo-requests.js';

interface Result {
  name: string | undefined;
  output: unknown;
  isError: boolean;
}

/**
 * The rounds of tool results since the user's last message: the scripted model calls the script once per model
 * step, and what it should say next depends on what the tools answered before, as it would for a real model.
 */
function roundsSinceLastUser(turns: readonly Turn[]): Result[][] {
  const start = turns.findLastIndex((turn) => turn.type === 'user');
  const rounds: Result[][] = [];
  let previous: Turn['type'] | undefined;
  for (const turn of turns.slice(start + 1)) {
    if (turn.type === 'tool_result') {
      if (previous !== 'tool_result') rounds.push([]);
      rounds[rounds.length - 1]!.push({ name: turn.name, output: turn.output, isError: turn.isError });
    }
    previous = turn.type;
  }
  return rounds;
}

const describeError = (result: Result) => String(result.output).replace(/^Tool \w+ failed: /, '');
const quote = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

interface PersonaOutput {
  name: string;
  systemPrompt: string;
  testInputIds: string[];
}
interface ListOutput {
  testInputs: { id: string; content: string }[];
}

function bulletList(list: ListOutput): string {
  if (list.testInputs.length === 0) return 'This persona has no test inputs yet.';
  return list.testInputs.map(({ id, content }) => `- \`${id}\`: ${content}`).join('\n');
}

/** A write's confirmation, or the tool's error said plainly, as seed 002 wants errors to reach the user. */
function confirm(result: Result | undefined, done: string, failed: string): ScriptedResponse {
  if (!result) return [{ text: failed }];
  return result.isError ? [{ text: `${failed} The tool said: “${describeError(result)}”` }] : [{ text: done }];
}

/** The chips the demo model offers: each is a request it understands (the tests send every one). */
export const PERSONA_SUGGESTIONS = [
  "What is this persona's system prompt?",
  'What test inputs do I have?',
  'Add "Keep answers under 100 words." to the system prompt',
  'Add a test input: "What is 2+2?"',
];

const CAN =
  '- rename the persona\n' +
  '- show its system prompt, add a sentence to it, or replace it with your words\n' +
  '- list its test inputs, add one, change one or delete one (by id, or by what it is about)\n\n' +
  "I'm the offline demo model: I understand requests like these, not open conversation, and I don't write prompts " +
  'of my own. With `ANTHROPIC_API_KEY` set on the server, Claude answers here with the same tools.';

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** One model step of a recognised request, given the tool results of the steps before it. */
function respond(request: DemoRequest, step: number, rounds: Result[][], said: string): ScriptedResponse {
  const last = rounds[step - 1]?.[0];
  switch (request.kind) {
    case 'rename':
      return step === 0
        ? [{ tool: 'update_persona_name', input: { name: request.name } }]
        : confirm(last, `Done: the persona is now called **${request.name}**.`, 'I could not rename the persona.');

    case 'show':
      if (step === 0) return [{ tool: 'get_persona', input: {} }];
      if (!last || last.isError) return confirm(last, '', 'I could not read the persona.');
      {
        const persona = last.output as PersonaOutput;
        if (request.focus === 'name') return [{ text: `This persona is called **${persona.name}**.` }];
        if (request.focus === 'prompt') return [{ text: `The system prompt of **${persona.name}** is:\n\n${quote(persona.systemPrompt || '(empty)')}` }];
        return [
          {
            text: `**${persona.name}** has ${persona.testInputIds.length} test input(s). Its system prompt:\n\n${quote(persona.systemPrompt || '(empty)')}`,
          },
        ];
      }

    case 'append-prompt':
      if (step === 0) return [{ tool: 'get_persona', input: {} }];
      if (step === 1) {
        if (!last || last.isError) return confirm(last, '', 'I could not read the persona.');
        const current = (last.output as PersonaOutput).systemPrompt.trimEnd();
        return [{ tool: 'update_system_prompt', input: { systemPrompt: current ? `${current}\n\n${request.addition}` : request.addition } }];
      }
      return confirm(last, `Added to the end of the system prompt:\n\n${quote(request.addition)}`, 'I could not update the system prompt.');

    case 'replace-prompt':
      return step === 0
        ? [{ tool: 'update_system_prompt', input: { systemPrompt: request.prompt } }]
        : confirm(last, 'Done: the system prompt is replaced.', 'I could not update the system prompt.');

    case 'rewrite-prompt':
      if (step > 0) return [];
      return [
        { text: "I can't rewrite the prompt in my own words: I'm the offline demo model (Claude can). I can add a sentence of yours to it, or replace it with text you give me in quotes." },
        suggestionsCall('For example:', [
          'Add "Keep answers under 100 words." to the system prompt',
          'Add "Always end with a question." to the system prompt',
          "What is this persona's system prompt?",
        ]),
      ];

    case 'list-inputs':
      if (step === 0) return [{ tool: 'list_test_inputs', input: {} }];
      return !last || last.isError ? confirm(last, '', 'I could not list the test inputs.') : [{ text: bulletList(last.output as ListOutput) }];

    case 'list-then-add':
      if (step === 0) return [{ tool: 'list_test_inputs', input: {} }];
      if (step === 1) {
        if (!last || last.isError) return confirm(last, '', 'I could not list the test inputs.');
        return [{ text: `The test inputs so far:\n\n${bulletList(last.output as ListOutput)}` }, { tool: 'create_test_input', input: { content: request.content } }];
      }
      return confirm(last, `And added a new one: “${request.content}”.`, 'I could not add the test input.');

    case 'add-input':
      return step === 0
        ? [{ tool: 'create_test_input', input: { content: request.content } }]
        : confirm(last, `Added the test input “${request.content}”${last && !last.isError ? ` (id \`${(last.output as { id: string }).id}\`)` : ''}.`, 'I could not add the test input.');

    case 'show-input':
      if (step === 0) return [{ tool: 'get_test_input', input: { id: request.id } }];
      return confirm(last, `Test input \`${request.id}\`:\n\n${quote(String((last?.output as { content?: string })?.content ?? ''))}`, `I could not read test input ${request.id}.`);

    case 'update-input':
      return step === 0
        ? [{ tool: 'update_test_input', input: { id: request.id, content: request.content } }]
        : confirm(last, `Test input \`${request.id}\` now reads “${request.content}”.`, `I could not change test input ${request.id}.`);

    case 'delete-input':
      return step === 0
        ? [{ tool: 'delete_test_input', input: { id: request.id } }]
        : confirm(last, `Deleted test input \`${request.id}\`.`, `I could not delete test input ${request.id}.`);

    case 'delete-input-about': {
      if (step === 0) return [{ tool: 'list_test_inputs', input: {} }];
      if (step === 2) return confirm(last, `Deleted the test input about ${request.topic}.`, 'I could not delete it.');
      if (!last || last.isError) return confirm(last, '', 'I could not list the test inputs.');
      const words = request.topic.toLowerCase().split(/\W+/).filter((word) => word.length >= 3);
      const matches = (last.output as ListOutput).testInputs.filter(({ content }) => words.some((word) => content.toLowerCase().includes(word)));
      if (matches.length === 0) return [{ text: `None of the test inputs is about ${request.topic}:\n\n${bulletList(last.output as ListOutput)}` }];
      if (matches.length > 1) return [{ text: `Several test inputs could be about ${request.topic}; which one should go?\n\n${bulletList({ testInputs: matches })}` }];
      return [{ thinking: `The one about ${request.topic} is \`${matches[0]!.id}\`: “${matches[0]!.content}”` }, { tool: 'delete_test_input', input: { id: matches[0]!.id } }];
    }

    case 'hello':
      return [
        {
          text:
            "Hello! I'm the agent of this persona editor. I can rename the persona, read its system prompt or add to it, " +
            'and manage its test inputs. What would you like to change?',
        },
      ];

    case 'capabilities':
      if (step > 0) return [];
      return [
        { text: `${request.asked ? '' : `I'm not sure what you mean by “${clip(said)}”. `}For this persona I can:` },
        suggestionsCall(CAN, PERSONA_SUGGESTIONS),
      ];
  }
}

/** The offline stand-in for Claude: plays seed 002's requests with the real tools, from what the user types. */
export const personaDemoModel = scriptedModel(
  ({ text, turns }) => {
    const rounds = roundsSinceLastUser(turns);
    const step = rounds.length;
    const response = respond(recognize(text), step, rounds, text.trim());
    // The scripted model plays response number `step`; the ones before it have already been played.
    return [...Array.from({ length: step }, () => []), response];
  },
  { name: 'offline demo', chunkSize: 8, delayMs: 12 },
);
