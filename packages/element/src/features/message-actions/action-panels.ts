import { html, type TemplateResult } from 'lit';
import type { ConversationSnapshot } from '../../context/conversation-context.js';
import type { MessageActionStrings } from './message-action-strings.js';

// The panels a bar of message actions opens under itself: the edit form, the feedback form, and the question asked
// before an action puts aside writes that undo would still restore. The bar (message-actions.ts) keeps their state.

/** Which bar a panel belongs to: the message's, or its reply's. */
export type Side = 'user' | 'reply';

/** How the undo-first question was answered. */
export type Answer = 'undo' | 'keep' | 'cancel';

/** A retry or an edit that would put aside a reply whose writes can still be undone: the question before it goes. */
export interface Question {
  side: Side;
  go: () => Promise<void>;
  /** What the conversation was when it was asked: another message since, or an undo, and it is about something else. */
  undoTurnId: string | undefined;
  lastUserId: string | undefined;
  /** An edit's text, which lives only here once its form has closed: a question that goes stale gives it back. */
  draft?: string | undefined;
}

/** The question no longer fits the conversation: answered, it would undo and retry another reply than the one asked about. */
export const isStale = (question: Question, state: ConversationSnapshot): boolean =>
  state.undoTurnId !== question.undoTurnId || state.turns[state.lastUserIndex]?.id !== question.lastUserId;

/** Enter sends (Shift+Enter is a new line), Escape closes, as in the composer. */
function formKeys(event: KeyboardEvent, close: () => void): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    close();
  } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    (event.target as HTMLTextAreaElement).form?.requestSubmit();
  }
}

/** The field of a form, read when it is sent. */
const fieldOf = (event: Event) => (event.currentTarget as HTMLFormElement).querySelector('textarea')!.value;

/** The message's text, to edit and send again; Send waits while a reply streams (`busy`). */
export function editForm(t: MessageActionStrings, text: string, busy: boolean, send: (text: string) => void, close: () => void): TemplateResult {
  const submit = (event: Event) => {
    event.preventDefault();
    send(fieldOf(event));
  };
  return html`<form class="panel user edit" part="edit-form" @submit=${submit}>
    <textarea aria-label=${t.editLabel} .value=${text} @keydown=${(event: KeyboardEvent) => formKeys(event, close)}></textarea>
    <div class="row">
      <button type="button" @click=${close}>${t.cancelAction}</button>
      <button type="submit" class="primary" ?disabled=${busy}>${t.sendEdit}</button>
    </div>
  </form>`;
}

/** An optional comment with a rating, sent to the server's feedback hook. */
export function commentForm(t: MessageActionStrings, send: (comment: string) => void, close: () => void): TemplateResult {
  const submit = (event: Event) => {
    event.preventDefault();
    send(fieldOf(event));
  };
  return html`<form class="panel reply comment" part="feedback-form" @submit=${submit}>
    <textarea aria-label=${t.feedbackComment} placeholder=${t.feedbackComment} @keydown=${(event: KeyboardEvent) => formKeys(event, close)}></textarea>
    <div class="row">
      <button type="button" @click=${close}>${t.cancelAction}</button>
      <button type="submit" class="primary">${t.sendFeedback}</button>
    </div>
  </form>`;
}

/** Undo the writes of what the action puts aside first, keep them, or do nothing (Escape). */
export function undoQuestion(t: MessageActionStrings, side: Side, answer: (choice: Answer) => void): TemplateResult {
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    answer('cancel');
  };
  return html`<div class="panel ${side} ask" part="undo-question" role="group" aria-labelledby="ask-${side}" @keydown=${escape}>
    <p id="ask-${side}">${t.undoFirst}</p>
    <div class="row">
      <button type="button" class="cancel" @click=${() => answer('cancel')}>${t.cancelAction}</button>
      <button type="button" class="keep" @click=${() => answer('keep')}>${t.keepAndGoOn}</button>
      <button type="button" class="primary undo" @click=${() => answer('undo')}>${t.undoAndGoOn}</button>
    </div>
  </div>`;
}
