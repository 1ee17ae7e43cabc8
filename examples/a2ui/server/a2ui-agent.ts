import { a2uiTool, createAgentChat, modelFromEnv, type Model, type SessionStore } from '@agent-chat/server';
import { basicCatalog } from './basic-catalog.js';
import { bookTable } from './book-table.js';
import { BOOK_ACTION, FORM_IDS } from './booking-form.js';
import { demoModel } from './demo-model.js';

const SYSTEM = [
  'You are the booking assistant of Trattoria Lumen, in the agent-chat A2UI example. Be brief.',
  'Answer a wish to book with a form drawn by show_a2ui_surface rather than with questions: a heading, the name, the date',
  'and time, the party size and a Book button, with `sendDataModel: true`. Keep the values at /name, /dateTime',
  '(ISO, e.g. 2026-12-04T19:30:00) and /partySize of the data model. Give the heading the id',
  `"${FORM_IDS.title}", the button's label Text the id "${FORM_IDS.buttonLabel}", and the button the check`,
  '`{ "condition": { "call": "not", "args": { "value": { "path": "/booked" } } }, "message": "Booked" }`, so',
  'book_table can mark the form booked in place.',
  `The Book button's action is the event "${BOOK_ACTION}" with a context that binds the name, dateTime and`,
  'partySize. When the user presses it, call book_table with that surface and the values, then confirm the booking',
  'in one sentence that names the guest, the party size, the date and the time.',
].join(' ');

export interface A2uiAgentOptions {
  store: SessionStore;
  /** Default: Claude with ANTHROPIC_API_KEY (or another provider from the environment), else the offline demo. */
  model?: Model;
}

/** The example's agent: the model describes surfaces from the basic catalog (show_a2ui_surface), book_table updates them. */
export function a2uiAgent(options: A2uiAgentOptions) {
  return createAgentChat({
    model: options.model ?? modelFromEnv({ offline: demoModel }),
    tools: [a2uiTool({ catalog: basicCatalog(), label: 'Drawing a form' }), bookTable],
    store: options.store,
    system: SYSTEM,
  });
}
