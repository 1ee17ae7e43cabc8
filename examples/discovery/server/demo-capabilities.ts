import type { Context } from '@agent-chat/protocol';
import type { ScriptedRun } from '@agent-chat/server';
import { boardFromContext } from './board-context.js';
import { suggestionsCall } from '../../server/suggestions-tool.js';

// What the offline demo model says when it does not understand, or is asked what it can do: the agent's abilities on
// this board, and chips for requests it does understand, named after items that are on the board now.

export const HELLO =
  "Hello! I'm Factly's assistant for this discovery board. I can summarize the board, find its gaps, trace an item " +
  'to its sources, and add, edit or delete items once you confirm. What would you like to look at?';

const CAN =
  '- summarize the board, or look for gaps and missing links\n' +
  '- say what an item rests on, or suggest connections for it\n' +
  '- add a fact, insight, recommendation or output (citing items with @), edit one or delete one, each after you confirm\n\n' +
  "I'm the offline demo model: I understand requests like these, not open conversation. With `ANTHROPIC_API_KEY` set " +
  'on the server, Claude answers here with the same tools.';

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Four requests the model understands, about items on the board when there are some. */
export function boardSuggestions(context: Context | undefined): string[] {
  const board = boardFromContext(context);
  const downstream = board.find((item) => item.column === 'recommendation' && item.links.length) ?? board.find((item) => item.column === 'insight');
  const fact = board.find((item) => item.column === 'fact');
  return [
    'Summarize the board',
    'Any gaps?',
    ...(downstream ? [`What supports ${downstream.id}?`] : []),
    ...(fact ? [`Suggest connections for ${fact.id}`] : ['Add a fact that churn rose 4% in Q3']),
  ];
}

export function capabilitiesRun(said: string, asked: boolean, context: Context | undefined): ScriptedRun {
  return [
    [
      { text: `${asked ? '' : `I'm not sure what you mean by “${clip(said)}”. `}On this board I can:` },
      suggestionsCall(CAN, boardSuggestions(context)),
    ],
    [],
  ];
}
