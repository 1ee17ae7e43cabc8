import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { BranchPoint, FeedbackRating, Turn } from '@agent-chat/protocol';
import { conversationContext, ReplyBusy, type ConversationSnapshot } from '../../context/conversation-context.js';
import { elementHostContext, type ElementHost } from '../../context/element-host.js';
import { LOCAL } from '../../core/turns/local-turns.js';
import { messageActionsEn, type MessageActionStrings } from './message-action-strings.js';
import { format } from '../../i18n/shell-strings.js';
import { Texts } from '../../i18n/texts.js';
import type { TurnGroup } from '../../core/turns/turn-steps.js';
import { focusRing, tokens, visuallyHidden } from '../../ui/tokens.js';
import { checkIcon, copyIcon, downIcon, editIcon, retryIcon, upIcon } from './action-icons.js';
import { commentForm, editForm, isStale, undoQuestion, type Answer, type Question, type Side } from './action-panels.js';
import { actionStyles } from './action-styles.js';
import { focusEditAfter, forgetEditFocus, takesEditFocus } from './edit-focus.js';
import { GroupHover } from './group-hover.js';
import { replyUsage } from './reply-usage.js';
import { branchAt, readVersion, replyMarkdown, replyTurns, sendEdit, sendFeedback, sendRetry } from './conversation-actions.js';

/** How long Copy says "Copied" before it offers to copy again. */
const COPIED_MS = 2000;

/**
 * The actions on one message and its reply (issue 21): copy either as markdown; edit and resend the message, which
 * branches the conversation there; retry the last reply; rate a reply (thumbs up or down, an optional comment); and,
 * where a message was edited or a reply retried, a pager through the versions (‹ 1/2 ›). A retry or an edit that
 * would put aside a reply whose writes can still be undone asks first whether to undo them. Each changes the
 * conversation through its actions (ConversationActions), and reaches the server through the element's client.
 *
 * Drawn by the message list twice for a group (features/message-list/message-list.ts): between the message and its
 * reply with the message's bar, and after the reply (`reply`) with the reply's, so that the focus order and a screen
 * reader meet each bar after what it acts on; its host is `display: contents`. The buttons show when the pointer is
 * over the message or the focus is in the bar; they are in the tab order either way.
 *
 * @csspart message-actions - The bar of actions under the user's message.
 * @csspart reply-actions - The bar of actions after the agent's reply.
 * @csspart copy-button - Copy, in either bar: the message, or the reply as markdown.
 * @csspart edit-button - Edit, in the message's bar.
 * @csspart retry-reply-button - Retry, in the last reply's bar: a new reply in its place.
 * @csspart thumbs-up-button - The reply's thumbs up (`aria-pressed` once given).
 * @csspart thumbs-down-button - The reply's thumbs down.
 * @csspart versions - The pager through the versions of an edited message or a retried reply (‹ 1/2 ›).
 * @csspart previous-version-button - The pager's ‹.
 * @csspart next-version-button - The pager's ›.
 * @csspart edit-form - The form that edits a message.
 * @csspart feedback-form - The comment asked with a rating.
 * @csspart undo-question - The question before an action puts aside changes that can still be undone.
 * @csspart reply-usage - With `show-usage`: the tokens the reply used, and their cost when the server has prices.
 * @csspart action-note - What an action said: thanks for a rating, or why it did not work.
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
  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #texts = new Texts(this, messageActionsEn);
  /** Hovering anywhere on the message or its reply shows the bars. */
  readonly #hover = new GroupHover(this, (over) => (this.hover = over));
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#copyReset);
  }

  /**
   * A conversation's change redraws the bars only when it can change them: a finished group's bars depend on its own
   * turns (which change only with `settledVersion`), on whether a run is in flight, on undo and on the branch points.
   * While a reply streams, the groups above it are left alone.
   */
  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    const state = this.#conversation.value;
    const host = this.#host.value;
    const seen = state && [state.settledVersion, state.running, state.undoTurnId, state.branches, state.lastUserIndex, this.#t, host?.transport, host?.showUsage, state.usage];
    const last = this.#seen;
    this.#seen = seen;
    const own = this.group?.user && state?.indexOf(this.group.user.id) === state?.lastUserIndex;
    return changed.size > 0 || own || !seen || !last || seen.some((value, at) => value !== last[at]);
  }

  #seen: unknown[] | undefined;

  protected override willUpdate(_changed: PropertyValues<this>): void {
    const state = this.#conversation.value;
    if (this.question && state && isStale(this.question, state)) this.#dropStale(this.question);
    const user = this.group?.user;
    if (state && user && !this.reply && takesEditFocus(state, user.id)) this.#focus = '.bar.user .edit';
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

  /** The element, for the routes; an action without it fails, and says so in the bar. */
  get #element(): ElementHost {
    const host = this.#host.value;
    if (!host) throw new Error('agent-chat: the message actions are drawn outside <agent-chat>');
    return host;
  }

  protected override render() {
    const state = this.#conversation.value;
    const user = this.group?.user;
    if (!state || !user) return nothing;
    const index = state.indexOf(user.id);
    if (index < 0) return nothing;
    const reply = replyTurns(state.turns, index);
    // The reply streaming now has no actions until it ends.
    const live = state.running && index === state.lastUserIndex;
    // An AG-UI agent (transport="ag-ui") has none of our routes for retry, edit, versions or feedback: copy only.
    const copyOnly = this.#host.value?.transport === 'ag-ui';
    if (!this.reply) {
      const edit = this.editing ? editForm(this.#t, this.#draft ?? user.text, state.running, (text) => this.#sendEdit(user.id, text), () => this.#closeEdit()) : nothing;
      return html`${this.#userBar(state, user.id, copyOnly)}${edit}${this.#ask('user')}${this.#say('user')}`;
    }
    if (!reply.length || live) return nothing;
    const comment = this.rating ? commentForm(this.#t, (text) => this.#sendComment(reply, text), () => this.#closeComment()) : nothing;
    return html`${this.#replyBar(state, index, reply, copyOnly)}${comment}${this.#ask('reply')}${this.#say('reply')}`;
  }

  #userBar(state: ConversationSnapshot, userId: string, copyOnly: boolean): TemplateResult {
    const t = this.#t;
    return html`<div class="bar user" part="message-actions" role="group" aria-label=${t.messageActions}>
      ${copyOnly ? nothing : this.#pager(state, branchAt(state.branches, [userId]), 'user', userId)}
      ${this.#copyButton('user', () => {
        const now = this.#conversation.value;
        return now?.turns[now.indexOf(userId)];
      })}
      ${copyOnly
        ? nothing
        : html`<button type="button" class="act edit" part="edit-button" aria-label=${t.editMessage} title=${t.editMessage} ?disabled=${state.running || userId.startsWith(LOCAL)} @click=${this.#startEdit}>
            ${editIcon}
          </button>`}
    </div>`;
  }

  #replyBar(state: ConversationSnapshot, index: number, reply: Turn[], copyOnly: boolean): TemplateResult {
    const t = this.#t;
    // The last reply, unless it ended in an error: that line offers its own Retry (the message sent again as it was).
    const last = index === state.lastUserIndex && state.turns.at(-1)?.type !== 'error';
    const pressed = (rating: FeedbackRating) => (this.rated === rating || this.rating === rating ? 'true' : 'false');
    return html`<div class="bar reply" part="reply-actions" role="group" aria-label=${t.replyActions}>
      ${copyOnly ? nothing : this.#pager(state, branchAt(state.branches, reply.map((turn) => turn.id)), 'reply', state.turns[index]!.id)}
      ${this.#copyButton('reply', () => reply)}
      ${last && !copyOnly
        ? html`<button type="button" class="act retry" part="retry-reply-button" aria-label=${t.retryReply} title=${t.retryReply} ?disabled=${state.running} @click=${() => this.#retry()}>
            ${retryIcon}
          </button>`
        : nothing}
      ${copyOnly
        ? nothing
        : html`<button type="button" class="act thumb up" part="thumbs-up-button" aria-label=${t.goodReply} title=${t.goodReply} aria-pressed=${pressed('up')} @click=${() => this.#rate('up')}>
              ${upIcon}
            </button>
            <button type="button" class="act thumb down" part="thumbs-down-button" aria-label=${t.badReply} title=${t.badReply} aria-pressed=${pressed('down')} @click=${() => this.#rate('down')}>
              ${downIcon}
            </button>`}
      ${replyUsage(this.#t, state, state.turns[index]!.id, this.#host.value)}
    </div>`;
  }

  /**
   * ‹ n/m ›: another version at a branch point. Showing it puts aside what follows, this message's reply and every
   * later message, so undoable writes among them are asked about first, as for a retry or an edit.
   */
  #pager(state: ConversationSnapshot, point: BranchPoint | undefined, side: Side, userId: string): TemplateResult | typeof nothing {
    if (!point) return nothing;
    const t = this.#t;
    const go = (to: number) => () =>
      this.#guard(state, side, this.#usersFrom(state, userId), () => this.#actions().showStored(readVersion(this.#element, state.sessionId, point.turnId, to)));
    return html`<span class="pager" part="versions">
      <button type="button" class="previous" part="previous-version-button" aria-label=${t.previousVersion} title=${t.previousVersion} ?disabled=${state.running || point.index === 0} @click=${go(point.index - 1)}>‹</button>
      <span aria-hidden="true">${point.index + 1}/${point.count}</span>
      <span class="visually-hidden">${format(t.versionOf, { index: point.index + 1, count: point.count })}</span>
      <button type="button" class="next" part="next-version-button" aria-label=${t.nextVersion} title=${t.nextVersion} ?disabled=${state.running || point.index === point.count - 1} @click=${go(point.index + 1)}>›</button>
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
    return html`<button type="button" class="act copy ${done ? 'done' : ''}" part="copy-button" aria-label=${label} title=${label} @click=${copy}>
      ${done ? checkIcon : copyIcon}
    </button>`;
  }

  #rate(rating: FeedbackRating): void {
    this.rating = this.rating === rating ? undefined : rating;
    this.#focus = '.comment textarea';
  }

  #closeComment(): void {
    this.#focus = `.thumb.${this.rating}`;
    this.rating = undefined;
  }

  #sendComment(reply: Turn[], comment: string): void {
    const rating = this.rating!;
    // The reply's last message names it (its last turn when it said nothing: a tool's result, an error).
    const turnId = (reply.findLast((turn) => turn.type === 'assistant_text') ?? reply.at(-1)!).id;
    this.#closeComment();
    void this.#run('reply', async () => {
      await sendFeedback(this.#element, this.#actions().sessionId, turnId, rating, comment);
      this.rated = rating;
      this.note = { side: 'reply', text: this.#t.feedbackThanks };
    });
  }

  /** The edit form's Send: the edited message in place of this one, unless a reply streams (the form then stays). */
  #sendEdit(userId: string, text: string): void {
    const edited = text.trim();
    if (!edited) return;
    const state = this.#actions();
    // Enter sends even while Send is disabled: the form stays, with the text, until the reply streaming now ends.
    if (state.running) {
      this.note = { side: 'user', text: this.#t.replyBusy };
      return;
    }
    this.#closeEdit();
    // The messages from this one on are put aside: an undoable write among their replies is asked about first.
    this.#guard(state, 'user', this.#usersFrom(state, userId), async () => {
      const now = this.#actions();
      focusEditAfter(now, userId);
      try {
        await now.replaceMessage(userId, edited, sendEdit(this.#element, userId));
      } catch (error) {
        if (error instanceof ReplyBusy) {
          this.#draft = edited;
          this.#startEdit();
        }
        throw error;
      } finally {
        forgetEditFocus();
      }
    }, edited);
  }

  #ask(side: Side): TemplateResult | typeof nothing {
    return this.question?.side === side ? undoQuestion(this.#t, side, (choice) => void this.#answer(choice)) : nothing;
  }

  #say(side: Side): TemplateResult {
    return html`<p class="note ${side}" part="action-note" role="status">${this.note?.side === side ? this.note.text : nothing}</p>`;
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

  #retry(): void {
    const state = this.#actions();
    const user = state.turns[state.lastUserIndex];
    if (!user) return;
    // The bar goes while the new reply streams; the focus comes back to Retry once it is there again.
    const refocus = (this.renderRoot as ShadowRoot).activeElement !== null;
    this.#guard(state, 'reply', [user.id], async () => {
      await this.#actions().regenerate(sendRetry(this.#element));
      if (refocus) {
        this.#focus = '.bar.reply .retry';
        this.requestUpdate();
      }
    });
  }

  /** The conversation as it is now (a bar is drawn only inside one). */
  #actions(): ConversationSnapshot {
    return this.#conversation.value!;
  }

  /** The ids of the user's messages from this one to the last: the turns a branch at this message puts aside. */
  #usersFrom(state: ConversationSnapshot, userId: string): string[] {
    return state.turns.slice(state.indexOf(userId)).flatMap((turn) => (turn.type === 'user' ? [turn.id] : []));
  }

  /** `go`, or first the question when the turns it puts aside made writes that undo would still restore. */
  #guard(state: ConversationSnapshot, side: Side, replacedUsers: readonly string[], go: () => Promise<void>, draft?: string): void {
    this.note = undefined;
    if (state.undoTurnId !== undefined && replacedUsers.includes(state.undoTurnId)) {
      this.question = { side, go, undoTurnId: state.undoTurnId, lastUserId: state.turns[state.lastUserIndex]?.id, draft };
      this.#focus = '.ask .undo';
      return;
    }
    void this.#run(side, go);
  }

  async #answer(choice: Answer): Promise<void> {
    const question = this.question;
    if (!question) return;
    const state = this.#actions();
    if (choice !== 'cancel' && isStale(question, state)) {
      this.#dropStale(question);
      return;
    }
    // A reply began streaming since it was asked: the question stays, to be answered once the reply has ended.
    if (choice !== 'cancel' && state.running) {
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
      if (choice === 'undo') await state.undo();
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
