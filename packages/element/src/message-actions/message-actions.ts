import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { BranchPoint, FeedbackRating, Turn } from '@agent-chat/protocol';
import { conversationContext, type ConversationSnapshot } from '../conversation/conversation-context.js';
import type { ConversationModel } from '../conversation/conversation-model.js';
import { LOCAL } from '../conversation/local-turns.js';
import { LocalizedTable } from '../i18n/localized-table.js';
import { messageActionsEn, type MessageActionStrings } from '../i18n/message-action-strings.js';
import { format } from '../i18n/shell-strings.js';
import type { TurnGroup } from '../steps/turn-steps.js';
import { focusRing, tokens, visuallyHidden } from '../styles/tokens.js';
import { checkIcon, copyIcon, downIcon, editIcon, retryIcon, upIcon } from './action-icons.js';
import { actionStyles } from './action-styles.js';
import { branchAt, editMessage, ReplyBusy, replyMarkdown, replyTurns, retryReply, sendFeedback, showVersion } from './conversation-actions.js';

/** How long Copy says "Copied" before it offers to copy again. */
const COPIED_MS = 2000;

type Side = 'user' | 'reply';

/** A retry or an edit that would put aside a reply whose writes can still be undone: the question before it goes. */
interface Question {
  side: Side;
  go: () => Promise<void>;
  /** What the conversation was when it was asked: another message since, or an undo, and it is about something else. */
  undoTurnId: string | undefined;
  lastUserId: string | undefined;
  /** An edit's text, which lives only here once its form has closed: a question that goes stale gives it back. */
  draft?: string | undefined;
}

/** The question no longer fits the conversation: answered, it would undo and retry another reply than the one asked about. */
const isStale = (question: Question, model: ConversationModel): boolean =>
  model.undoTurnId !== question.undoTurnId || model.log.at(model.log.lastUser)?.id !== question.lastUserId;

/**
 * The actions on one message and its reply (issue 21): copy either as markdown; edit and resend the message, which
 * branches the conversation there; retry the last reply; rate a reply (thumbs up or down, an optional comment); and,
 * where a message was edited or a reply retried, a pager through the versions (‹ 1/2 ›). A retry or an edit that
 * would put aside a reply whose writes can still be undone asks first whether to undo them.
 *
 * Drawn by the message list twice for a group (parts/message-list.ts): between the message and its
 * reply with the message's bar, and after the reply (`reply`) with the reply's, so that the focus order and a screen
 * reader meet each bar after what it acts on; its host is `display: contents`. The buttons show when the pointer is
 * over the message or the focus is in the bar; they are in the tab order either way.
 */
export class MessageActions extends LitElement {
  static override properties = {
    group: { attribute: false },
    reply: { attribute: false },
    hover: { type: Boolean, reflect: true },
    editing: { state: true },
    rating: { state: true },
    question: { state: true },
    copied: { state: true },
    rated: { state: true },
    note: { state: true },
  };

  declare group: TurnGroup | undefined;
  /** This one is the reply's bar, drawn after the reply (the message's is drawn between the message and its reply). */
  declare reply: 1 | undefined;
  /** The pointer is over the message's group. */
  declare hover: boolean;
  declare private editing: boolean;
  /** The rating whose comment is being written. */
  declare private rating: FeedbackRating | undefined;
  declare private question: Question | undefined;
  declare private copied: Side | undefined;
  /** The rating this reply was given here. */
  declare private rated: FeedbackRating | undefined;
  /** What the last action said: thanks for a rating, or why it failed. */
  declare private note: { side: Side; text: string } | undefined;

  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true });
  readonly #texts = new LocalizedTable<MessageActionStrings>(this, messageActionsEn, () => this.requestUpdate());
  #watched: HTMLElement | null = null;
  /** The list's shadow root, where the other groups' actions are (kept: an edit takes this element out of it). */
  #root: ParentNode | undefined;
  #copyOnly = false;
  #copyReset: ReturnType<typeof setTimeout> | undefined;
  /** Where the focus goes once the next render is in (an opened form's field, the question's first answer). */
  #focus: string | undefined;
  /** An edit that could not go yet (a reply was streaming): the form opens again with it. */
  #draft: string | undefined;

  constructor() {
    super();
    this.hover = false;
    this.editing = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The group's element (the list's, in its shadow root): hovering anywhere on the message or its reply shows the bars.
    this.#watched = this.parentElement;
    this.#root = this.getRootNode() as ParentNode;
    this.#watched?.addEventListener('pointerenter', this.#enter);
    this.#watched?.addEventListener('pointerleave', this.#leave);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#watched?.removeEventListener('pointerenter', this.#enter);
    this.#watched?.removeEventListener('pointerleave', this.#leave);
    this.#watched = null;
    clearTimeout(this.#copyReset);
  }

  readonly #enter = () => (this.hover = true);
  readonly #leave = () => (this.hover = false);

  /**
   * A conversation's change redraws the bars only when it can change them: a finished group's bars depend on its own
   * turns (which change only with `settledVersion`), on whether a run is in flight, on undo and on the branch points.
   * While a reply streams, the groups above it are left alone.
   */
  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    const state = this.#conversation.value;
    const seen = state && [state.settledVersion, state.running, state.undoTurnId, state.model.branches, state.lastUserIndex, this.#texts.value];
    const last = this.#seen;
    this.#seen = seen;
    const own = this.group?.user && state?.model.log.indexOf(this.group.user.id) === state?.lastUserIndex;
    return changed.size > 0 || own || !seen || !last || seen.some((value, at) => value !== last[at]);
  }

  #seen: unknown[] | undefined;

  protected override willUpdate(_changed: PropertyValues<this>): void {
    const model = this.#conversation.value?.model;
    this.#texts.update(model?.host.locale, model?.host.strings);
    if (this.question && model && isStale(this.question, model)) this.#dropStale(this.question);
  }

  /** A question the conversation has moved past goes, and says so where it was; an edit's form comes back with its text. */
  #dropStale(question: Question): void {
    this.question = undefined;
    this.note = { side: question.side, text: this.#t.questionStale };
    if (question.draft !== undefined) {
      this.#draft = question.draft;
      this.#startEdit();
    }
  }

  protected override updated(): void {
    if (!this.#focus) return;
    this.renderRoot.querySelector<HTMLElement>(this.#focus)?.focus();
    this.#focus = undefined;
  }

  get #t(): MessageActionStrings {
    return this.#texts.value;
  }

  protected override render() {
    const state = this.#conversation.value;
    const user = this.group?.user;
    if (!state || !user) return nothing;
    const { model } = state;
    const index = model.log.indexOf(user.id);
    if (index < 0) return nothing;
    const reply = replyTurns(state.turns, index);
    // The reply streaming now has no actions until it ends.
    const live = state.running && index === state.lastUserIndex;
    // An AG-UI agent (transport="ag-ui") has none of our routes for retry, edit, versions or feedback: copy only.
    this.#copyOnly = model.host.getAttribute('transport') === 'ag-ui';
    if (!this.reply) return html`${this.#userBar(state, user.id)}${this.editing ? this.#editForm(state, user.id, user.text) : nothing}${this.#ask('user')}${this.#say('user')}`;
    return reply.length && !live
      ? html`${this.#replyBar(state, index, reply)}${this.rating ? this.#commentForm(model, reply) : nothing}${this.#ask('reply')}${this.#say('reply')}`
      : nothing;
  }

  #userBar(state: ConversationSnapshot, userId: string): TemplateResult {
    const t = this.#t;
    return html`<div class="bar user" role="group" aria-label=${t.messageActions}>
      ${this.#pager(state, branchAt(state.model, [userId]), 'user', userId)}
      ${this.#copyButton('user', () => state.model.log.at(state.model.log.indexOf(userId)))}
      ${this.#copyOnly
        ? nothing
        : html`<button type="button" class="act edit" aria-label=${t.editMessage} title=${t.editMessage} ?disabled=${state.running || userId.startsWith(LOCAL)} @click=${this.#startEdit}>
        ${editIcon}
      </button>`}
    </div>`;
  }

  #replyBar(state: ConversationSnapshot, index: number, reply: Turn[]): TemplateResult {
    const t = this.#t;
    const { model } = state;
    // The last reply, unless it ended in an error: that line offers its own Retry (the message sent again as it was).
    const last = index === state.lastUserIndex && state.turns.at(-1)?.type !== 'error';
    return html`<div class="bar reply" role="group" aria-label=${t.replyActions}>
      ${this.#pager(state, branchAt(model, reply.map((turn) => turn.id)), 'reply', state.turns[index]!.id)}
      ${this.#copyButton('reply', () => reply)}
      ${last && !this.#copyOnly
        ? html`<button type="button" class="act retry" aria-label=${t.retryReply} title=${t.retryReply} ?disabled=${state.running} @click=${() => this.#retry(state)}>
            ${retryIcon}
          </button>`
        : nothing}
      ${this.#copyOnly ? nothing : html`${this.#thumb('up', t.goodReply, upIcon)}${this.#thumb('down', t.badReply, downIcon)}`}
    </div>`;
  }

  /**
   * ‹ n/m ›: another version at a branch point. Showing it puts aside what follows, this message's reply and every
   * later message, so undoable writes among them are asked about first, as for a retry or an edit.
   */
  #pager(state: ConversationSnapshot, point: BranchPoint | undefined, side: Side, userId: string): TemplateResult | typeof nothing {
    if (!point || this.#copyOnly) return nothing;
    const t = this.#t;
    const go = (to: number) => () => this.#guard(state.model, side, this.#usersFrom(state.model, userId), () => showVersion(state.model, point.turnId, to));
    return html`<span class="pager">
      <button type="button" class="previous" aria-label=${t.previousVersion} title=${t.previousVersion} ?disabled=${state.running || point.index === 0} @click=${go(point.index - 1)}>‹</button>
      <span aria-hidden="true">${point.index + 1}/${point.count}</span>
      <span class="visually-hidden">${format(t.versionOf, { index: point.index + 1, count: point.count })}</span>
      <button type="button" class="next" aria-label=${t.nextVersion} title=${t.nextVersion} ?disabled=${state.running || point.index === point.count - 1} @click=${go(point.index + 1)}>›</button>
    </span>`;
  }

  #copyButton(side: Side, what: () => Turn | Turn[] | undefined): TemplateResult {
    const t = this.#t;
    const done = this.copied === side;
    const label = done ? t.copiedMessage : t.copyMessage;
    const copy = async () => {
      const turns = what();
      const text = Array.isArray(turns) ? replyMarkdown(turns) : turns?.type === 'user' ? turns.text : '';
      try {
        // No clipboard (an insecure context) throws here too.
        await navigator.clipboard.writeText(text);
        this.copied = side;
        clearTimeout(this.#copyReset);
        this.#copyReset = setTimeout(() => (this.copied = undefined), COPIED_MS);
      } catch {
        this.note = { side, text: t.copyMessageFailed };
      }
    };
    return html`<button type="button" class="act copy ${done ? 'done' : ''}" aria-label=${label} title=${label} @click=${copy}>
      ${done ? checkIcon : copyIcon}
    </button>`;
  }

  #thumb(rating: FeedbackRating, label: string, glyph: unknown): TemplateResult {
    return html`<button
      type="button"
      class="act thumb ${rating}"
      aria-label=${label}
      title=${label}
      aria-pressed=${this.rated === rating || this.rating === rating ? 'true' : 'false'}
      @click=${() => {
        this.rating = this.rating === rating ? undefined : rating;
        this.#focus = '.comment textarea';
      }}
    >
      ${glyph}
    </button>`;
  }

  #editForm(state: ConversationSnapshot, userId: string, text: string): TemplateResult {
    const t = this.#t;
    const submit = (event: Event) => {
      event.preventDefault();
      const field = this.renderRoot.querySelector<HTMLTextAreaElement>('.edit textarea')!;
      const edited = field.value.trim();
      if (!edited) return;
      // Enter sends even while Send is disabled: the form stays, with the text, until the reply streaming now ends.
      if (state.model.run) {
        this.note = { side: 'user', text: t.replyBusy };
        return;
      }
      this.#closeEdit();
      const { model } = state;
      const index = model.log.indexOf(userId);
      // The messages from this one on are put aside: an undoable write among their replies is asked about first.
      this.#guard(model, 'user', this.#usersFrom(model, userId), async () => {
        try {
          await editMessage(model, userId, edited);
        } catch (error) {
          if (error instanceof ReplyBusy) {
            this.#draft = edited;
            this.#startEdit();
          }
          throw error;
        }
        await this.#focusEditAt(model, index);
      }, edited);
    };
    return html`<form class="panel user edit" @submit=${submit}>
      <textarea aria-label=${t.editLabel} .value=${this.#draft ?? text} @keydown=${(event: KeyboardEvent) => this.#formKeys(event, () => this.#closeEdit())}></textarea>
      <div class="row">
        <button type="button" @click=${() => this.#closeEdit()}>${t.cancelAction}</button>
        <button type="submit" class="primary" ?disabled=${state.running}>${t.sendEdit}</button>
      </div>
    </form>`;
  }

  #commentForm(model: ConversationModel, reply: Turn[]): TemplateResult {
    const t = this.#t;
    const rating = this.rating!;
    // The reply's last message names it (its last turn when it said nothing: a tool's result, an error).
    const turnId = (reply.findLast((turn) => turn.type === 'assistant_text') ?? reply.at(-1)!).id;
    const close = () => {
      this.rating = undefined;
      this.#focus = `.thumb.${rating}`;
    };
    const submit = (event: Event) => {
      event.preventDefault();
      const comment = this.renderRoot.querySelector<HTMLTextAreaElement>('.comment textarea')!.value;
      close();
      void this.#run('reply', async () => {
        await sendFeedback(model, turnId, rating, comment);
        this.rated = rating;
        this.note = { side: 'reply', text: t.feedbackThanks };
      });
    };
    return html`<form class="panel reply comment" @submit=${submit}>
      <textarea aria-label=${t.feedbackComment} placeholder=${t.feedbackComment} @keydown=${(event: KeyboardEvent) => this.#formKeys(event, close)}></textarea>
      <div class="row">
        <button type="button" @click=${close}>${t.cancelAction}</button>
        <button type="submit" class="primary">${t.sendFeedback}</button>
      </div>
    </form>`;
  }

  /** Enter sends (Shift+Enter is a new line), Escape closes, as in the composer. */
  #formKeys(event: KeyboardEvent, close: () => void): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      (event.target as HTMLTextAreaElement).form?.requestSubmit();
    }
  }

  #ask(side: Side): TemplateResult | typeof nothing {
    if (this.question?.side !== side) return nothing;
    const t = this.#t;
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      void this.#answer('cancel');
    };
    return html`<div class="panel ${side} ask" role="group" aria-labelledby="ask-${side}" @keydown=${escape}>
      <p id="ask-${side}">${t.undoFirst}</p>
      <div class="row">
        <button type="button" class="cancel" @click=${() => this.#answer('cancel')}>${t.cancelAction}</button>
        <button type="button" class="keep" @click=${() => this.#answer('keep')}>${t.keepAndGoOn}</button>
        <button type="button" class="primary undo" @click=${() => this.#answer('undo')}>${t.undoAndGoOn}</button>
      </div>
    </div>`;
  }

  #say(side: Side): TemplateResult | typeof nothing {
    return html`<p class="note ${side}" role="status">${this.note?.side === side ? this.note.text : nothing}</p>`;
  }

  readonly #startEdit = () => {
    this.editing = true;
    this.#focus = '.edit textarea';
  };

  #closeEdit(): void {
    this.editing = false;
    this.#draft = undefined;
    this.#focus = '.bar.user .edit';
  }

  /**
   * After an edit, the Edit of the message now at `index`: the edited message is a group of its own (its own
   * element), and its Edit, disabled while the reply streamed, can take the focus once the reply has ended.
   */
  async #focusEditAt(model: ConversationModel, index: number): Promise<void> {
    const root = this.#root;
    // The list draws the history read again (the stored ids) in its next update.
    await ((root as ShadowRoot | undefined)?.host as LitElement | undefined)?.updateComplete;
    const id = model.log.at(index)?.id;
    if (!root || !id) return;
    const element = Array.from(root.querySelectorAll('agent-chat-message-actions')).find((actions) => !actions.reply && actions.group?.user?.id === id);
    await element?.updateComplete;
    element?.renderRoot.querySelector<HTMLElement>('.bar.user .edit')?.focus();
  }

  #retry(state: ConversationSnapshot): void {
    const user = state.model.log.at(state.lastUserIndex);
    if (!user) return;
    // The bar goes while the new reply streams; the focus comes back to Retry once it is there again.
    const refocus = (this.renderRoot as ShadowRoot).activeElement !== null;
    this.#guard(state.model, 'reply', [user.id], async () => {
      await retryReply(state.model);
      if (refocus) {
        this.#focus = '.bar.reply .retry';
        this.requestUpdate();
      }
    });
  }

  /** The ids of the user's messages from this one to the last: the turns a branch at this message puts aside. */
  #usersFrom(model: ConversationModel, userId: string): string[] {
    return model.log.turns.slice(model.log.indexOf(userId)).flatMap((turn) => (turn.type === 'user' ? [turn.id] : []));
  }

  /** `go`, or first the question when the turns it puts aside made writes that undo would still restore. */
  #guard(model: ConversationModel, side: Side, replacedUsers: readonly string[], go: () => Promise<void>, draft?: string): void {
    this.note = undefined;
    if (model.undoTurnId !== undefined && replacedUsers.includes(model.undoTurnId)) {
      this.question = { side, go, undoTurnId: model.undoTurnId, lastUserId: model.log.at(model.log.lastUser)?.id, draft };
      this.#focus = '.ask .undo';
      return;
    }
    void this.#run(side, go);
  }

  async #answer(choice: 'undo' | 'keep' | 'cancel'): Promise<void> {
    const question = this.question;
    if (!question) return;
    const model = this.#conversation.value?.model;
    if (choice !== 'cancel' && model && isStale(question, model)) {
      this.#dropStale(question);
      return;
    }
    // A reply began streaming since it was asked: the question stays, to be answered once the reply has ended.
    if (choice !== 'cancel' && this.#conversation.value?.model.run) {
      this.note = { side: question.side, text: this.#t.replyBusy };
      return;
    }
    this.question = undefined;
    if (choice === 'cancel') {
      // Back where the question came from (the edit form is gone: its message's Edit).
      this.#focus = question.side === 'user' ? '.bar.user .edit' : '.bar.reply .retry';
      return;
    }
    await this.#run(question.side, async () => {
      if (choice === 'undo') await this.#conversation.value!.undo();
      await question.go();
    });
  }

  async #run(side: Side, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (error instanceof ReplyBusy) this.note = { side, text: this.#t.replyBusy };
      else this.note = { side, text: format(this.#t.actionFailed, { message: error instanceof Error ? error.message : String(error) }) };
    }
  }

  static override styles = [tokens, focusRing, visuallyHidden, actionStyles];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-message-actions': MessageActions;
  }
}
