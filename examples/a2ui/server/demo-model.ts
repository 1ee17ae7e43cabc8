import { scriptedModel, type ScriptedRun } from '@agent-chat/server';
import type { A2uiAction, Turn } from '@agent-chat/protocol';
import { BOOK_ACTION, bookingFormMessages, bookingSentence, bookingSurfaceId, suggestedDateTime, type BookingValues } from './booking-form.js';

/** What the demo model says to anything it has no script for. */
export const DEMO_HINT =
  'I am the **offline demo model** of Trattoria Lumen: ask me to *book a table for two* (or for 4, for six…) and I ' +
  'draw a booking form here. Set ANTHROPIC_API_KEY to talk to Claude, who draws its own surfaces.';

/** Its words before the form. */
export const FORM_INTRO = 'Happy to book you a table. Here is a form with the evening after today; fill in your name and press **Book**.';

const NUMBERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const BOOKING_ASK = /\b(book|reserve|reservation|table)\b/i;

/**
 * The offline demo: a booking ask draws the form (show_a2ui_surface, as a model describing a surface would), the form's
 * Book action books it (book_table, which marks the form booked in place) and says so, anything else gets the hint.
 */
export const demoModel = scriptedModel(
  ({ text, action, turns }) => {
    if (action) return action.name === BOOK_ACTION ? bookRun(action, turns) : [[{ text: `I do not know the action “${action.name}”. ${DEMO_HINT}` }]];
    if (BOOKING_ASK.test(text)) {
      const values: BookingValues = { name: '', dateTime: suggestedDateTime(), partySize: partySizeIn(text) ?? 2 };
      const surfaceId = bookingSurfaceId(createdSurfaces(turns));
      return [
        [{ text: `${FORM_INTRO} ` }, { tool: 'show_a2ui_surface', input: { messages: bookingFormMessages(surfaceId, values) } }],
        [{ text: 'The form is above.' }],
      ];
    }
    return [[{ text: DEMO_HINT }]] satisfies ScriptedRun;
  },
  { name: 'offline demo', chunkSize: 8, delayMs: 10 },
);

function bookRun(action: A2uiAction, turns: readonly Turn[]): ScriptedRun {
  const from = { ...action.dataModel, ...action.context };
  const values = { name: String(from['name'] ?? '').trim(), dateTime: String(from['dateTime'] ?? ''), partySize: Number(from['partySize'] ?? 2) };
  if (!values.name) return [[{ text: 'Which name should I book the table under? Type it in the form and press **Book** again.' }]];
  const result = lastResult(turns);
  return [
    [{ tool: 'book_table', input: { surfaceId: action.surfaceId, ...values } }],
    [{ text: result && !result.isError ? bookingSentence(values) : `I could not book it: ${describe(result?.output)}` }],
  ];
}

/** "for two", "for 4 people", "party of six" → the number; undefined when the ask names none. */
export function partySizeIn(text: string): number | undefined {
  const said = /\b(?:for|of)\s+(\d{1,2}|[a-z]+)\b/i.exec(text)?.[1]?.toLowerCase();
  if (!said) return undefined;
  const n = /^\d+$/.test(said) ? Number(said) : NUMBERS.indexOf(said) + 1;
  return n >= 1 && n <= 12 ? n : undefined;
}

/** The surfaces the conversation has created, so a second form gets an id of its own. */
function createdSurfaces(turns: readonly Turn[]): Set<string> {
  const ids = new Set<string>();
  for (const turn of turns) {
    if (turn.type !== 'ui') continue;
    for (const message of turn.messages) if ('createSurface' in message) ids.add(message.createSurface.surfaceId);
  }
  return ids;
}

function lastResult(turns: readonly Turn[]): { output: unknown; isError: boolean } | undefined {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' ? { output: result.output, isError: result.isError } : undefined;
}

const describe = (output: unknown) => (typeof output === 'string' ? output : JSON.stringify(output));
