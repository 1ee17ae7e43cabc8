import type { Turn } from '@agent-chat/protocol';
import { scriptedModel, type ScriptedResponse } from '@agent-chat/server';
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

const HELP =
  "I'm the **offline demo model** of this persona editor: I recognise a handful of requests and carry them out with " +
  'the same tools Claude would use. Try:\n\n' +
  '- Change the name to Super Optimist\n' +
  "- What is this persona's system prompt?\n" +
  '- Add "Always end with a question." to the system prompt\n' +
  '- What test inputs do I have?\n' +
  '- Add a test input: "What is 2+2?"\n' +
  '- Delete the test input about math\n' +
  '- Show me all test inputs and add a new one about coding\n\n' +
  'Set `ANTHROPIC_API_KEY` on the server to talk to Claude, which understands anything.';

/** One model step of a recognised request, given the tool results of the steps before it. */
function respond(request: DemoRequest, step: number, rounds: Result[][]): ScriptedResponse {
  const last = rounds[step - 1]?.[0];
  switch (request.kind) {
    case 'rename':
      return step === 0
        ? [{ text: `Renaming the persona to “${request.name}”.` }, { tool: 'update_persona_name', input: { name: request.name } }]
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
      if (step === 0) return [{ text: 'Reading the current system prompt first.' }, { tool: 'get_persona', input: {} }];
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
      return [
        {
          text:
            'The offline demo model cannot rewrite text freely (Claude can). Give me the new prompt in quotes, e.g. ' +
            '*Set the system prompt to "You are…"*, or add a sentence with *Add "Be concise." to the system prompt*.',
        },
      ];

    case 'list-inputs':
      if (step === 0) return [{ tool: 'list_test_inputs', input: {} }];
      return !last || last.isError ? confirm(last, '', 'I could not list the test inputs.') : [{ text: bulletList(last.output as ListOutput) }];

    case 'list-then-add':
      if (step === 0) return [{ text: 'First the current test inputs.' }, { tool: 'list_test_inputs', input: {} }];
      if (step === 1) {
        if (!last || last.isError) return confirm(last, '', 'I could not list the test inputs.');
        return [{ text: `${bulletList(last.output as ListOutput)}\n\nNow adding the new one.` }, { tool: 'create_test_input', input: { content: request.content } }];
      }
      return confirm(last, `Added: “${request.content}”.`, 'I could not add the test input.');

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
        ? [{ text: `Deleting test input ${request.id}.` }, { tool: 'delete_test_input', input: { id: request.id } }]
        : confirm(last, `Deleted test input \`${request.id}\`.`, `I could not delete test input ${request.id}.`);

    case 'delete-input-about': {
      if (step === 0) return [{ text: `Looking for the test input about ${request.topic}.` }, { tool: 'list_test_inputs', input: {} }];
      if (step === 2) return confirm(last, 'Deleted.', 'I could not delete it.');
      if (!last || last.isError) return confirm(last, '', 'I could not list the test inputs.');
      const words = request.topic.toLowerCase().split(/\W+/).filter((word) => word.length >= 3);
      const matches = (last.output as ListOutput).testInputs.filter(({ content }) => words.some((word) => content.toLowerCase().includes(word)));
      if (matches.length === 0) return [{ text: `None of the test inputs is about ${request.topic}:\n\n${bulletList(last.output as ListOutput)}` }];
      if (matches.length > 1) return [{ text: `Several test inputs could be about ${request.topic}; which one should go?\n\n${bulletList({ testInputs: matches })}` }];
      return [{ text: `Found it: “${matches[0]!.content}” — deleting it.` }, { tool: 'delete_test_input', input: { id: matches[0]!.id } }];
    }

    case 'help':
      return [{ text: HELP }];
  }
}

/** The offline stand-in for Claude: plays seed 002's requests with the real tools, from what the user types. */
export const personaDemoModel = scriptedModel(
  ({ text, turns }) => {
    const rounds = roundsSinceLastUser(turns);
    const step = rounds.length;
    const response = respond(recognize(text), step, rounds);
    // The scripted model plays response number `step`; the ones before it have already been played.
    return [...Array.from({ length: step }, () => []), response];
  },
  { name: 'offline demo', chunkSize: 8, delayMs: 12 },
);
