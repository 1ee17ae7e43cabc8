// Reading and answering the input request cards (<agent-chat-input-request>) an <agent-chat> draws, for the tests
// of input requests on the element's own protocol and over AG-UI.
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../src/agent-chat.js';
import type { SchemaForm } from '../../src/features/cards/schema-form.js';
import type { InputRequestCard } from '../../src/features/input-requests/input-request-card.js';
import { assistantBubbles, deepAll, shownText } from './dom.js';
import { waitFor } from './wait.js';

export const cards = (el: AgentChat) => deepAll<InputRequestCard>(el.shadowRoot!, 'agent-chat-input-request');
export const part = (card: InputRequestCard, name: string) => card.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;

/** The card once it is drawn and waits for an answer (its actions are there). */
export async function waitingCard(el: AgentChat, action: string): Promise<InputRequestCard> {
  return waitFor(() => cards(el).find((card) => !card.request?.answer && part(card, action)), { message: `a card with ${action}` });
}

export function formOf(card: InputRequestCard): SchemaForm {
  const form = card.shadowRoot!.querySelector('agent-chat-schema-form');
  if (!form) throw new Error('the card has no form');
  return form;
}

export const field = <T extends HTMLElement = HTMLInputElement>(form: SchemaForm, name: string) => form.shadowRoot!.querySelector<T>(`#field-${name}`)!;

/** Types into a field as a person does: focus, then keys. */
export async function type(input: HTMLElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

/** The agent's reply that says what the tool got. */
export function reply(el: AgentChat): Promise<string> {
  return waitFor(() => assistantBubbles(el).map((bubble) => bubble.text ?? '').find((text) => text.startsWith('The tool got')), {
    message: 'the reply saying what the tool got',
  });
}

/** What the tool got, as the agent's reply says it. */
export async function toolGot(el: AgentChat): Promise<{ action: string; by?: string; content?: Record<string, unknown> }> {
  const said = await reply(el);
  return JSON.parse(said.slice('The tool got '.length)) as { action: string };
}

/**
 * Sends `message`, whose tool asks for the form, fills it in with an email the agent refuses and submits it: resolves
 * once the email field is marked invalid.
 */
export async function submitRefusedEmail(el: AgentChat, message: string): Promise<{ card: InputRequestCard; form: SchemaForm; email: HTMLInputElement }> {
  void el.send(message);
  const card = await waitingCard(el, 'input-request-submit');
  const form = formOf(card);
  await form.updateComplete;
  await type(field(form, 'name'), 'Ada');
  // The form does not check an email's shape (its input is type=email, with no form to submit); the agent does.
  await type(field(form, 'email'), 'not-an-email');
  part(card, 'input-request-submit')!.click();
  const email = field(form, 'email');
  await waitFor(() => email.getAttribute('aria-invalid') === 'true', { message: 'the email field marked invalid' });
  return { card, form, email };
}

/** Puts a good email in place of the refused one and submits again. */
export async function submitFixedEmail(card: InputRequestCard, email: HTMLInputElement): Promise<void> {
  email.select();
  await sendKeys({ type: 'ada@example.com' });
  part(card, 'input-request-submit')!.click();
}

/** The card's line that says how it was answered. */
export async function outcome(card: InputRequestCard): Promise<string> {
  return shownText(await waitFor(() => part(card, 'input-request-outcome'), { message: 'the card’s outcome' }));
}
