import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import { repeat } from 'lit/directives/repeat.js';
import type { SessionSummary } from '@agent-chat/protocol';
import { conversationContext, type ConversationSnapshot } from '../../context/conversation-context.js';
import { elementHostContext } from '../../context/element-host.js';
import { newSessionId } from '../../conversation/session-id.js';
import { format } from '../../i18n/shell-strings.js';
import { threadsEn, type ThreadStrings } from './thread-strings.js';
import { Texts } from '../../i18n/texts.js';
import { threadListStyles } from './thread-list-styles.js';
import { THREAD_PARTS } from './thread-parts.js';
import { listThreads, renameThread } from './thread-client.js';
import { deleteIcon, newIcon, renameIcon, threadsIcon } from './thread-icons.js';
import { threadTime } from './thread-time.js';

/**
 * The thread view (`<agent-chat threads>`): a button in the header, and the caller's conversations in a sheet that
 * slides down over the panel from it, newest first, to switch to, rename, delete, or start anew. Arrow keys move
 * between the conversations, Enter opens one, Escape closes the sheet (or the rename, or the question before a
 * delete). Switching shows that conversation (ElementHost.showSession: the element's `session`, remembered, and
 * `agent-chat-thread-change`). Inline mode has no header: the button sits in a bar of its own at the panel's top.
 *
 * It lives in the element's shadow root, in the frame's header slot, and talks to the server with the element's
 * client (its endpoint, the adapter's headers and credentials), so it needs nothing passed in.
 *
 * @csspart threads-button - The header's button that shows and hides the conversations.
 * @csspart threads - The sheet of conversations over the panel.
 * @csspart new-thread-button - The sheet's "New conversation" button.
 * @csspart close-threads-button - The sheet's × that hides it.
 * @csspart more-threads-button - "Show older conversations", when the server has more.
 * @csspart thread - Each conversation in the sheet; the one shown is also `current-thread`.
 * @csspart current-thread - The conversation shown, in the sheet.
 * @csspart thread-rename-button - A conversation's Rename button.
 * @csspart thread-delete-button - A conversation's Delete button.
 * @csspart thread-delete-confirm - The Delete button of the question asked before a delete.
 * @csspart thread-title-input - The title field while a conversation is renamed.
 * @csspart thread-save-button - Its Save button.
 */
export class ThreadList extends LitElement {
  static override properties = {
    open: { type: Boolean, reflect: true },
    threads: { state: true },
    nextCursor: { state: true },
    loading: { state: true },
    error: { state: true },
    renaming: { state: true },
    confirming: { state: true },
    active: { state: true },
  };

  /** The sheet is shown. */
  declare open: boolean;
  declare threads: SessionSummary[];
  declare nextCursor: string | null;
  declare loading: boolean;
  declare error: string | undefined;
  /** The conversation whose title is being edited. */
  declare renaming: string | undefined;
  /** The conversation whose delete waits for a yes. */
  declare confirming: string | undefined;
  /** The row the arrow keys are on (the one Tab reaches). */
  declare active: number;

  readonly #texts = new Texts(this, threadsEn);
  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  /** Followed for its runs: a first reply names a new conversation, and every reply moves one to the top. */
  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true, callback: (state) => this.#followRuns(state) });
  #running = false;
  #loads: AbortController | undefined;
  /** Focus moves into the list once its rows are in (the sheet was opened from the keyboard or by a click). */
  #focusRows = false;

  constructor() {
    super();
    this.open = false;
    this.threads = [];
    this.nextCursor = null;
    this.loading = false;
    this.active = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Set here rather than where the shell draws it, so that the conversation's chunk, which every page loads,
    // carries only the tag. In a frame this goes into the header; inline, it is the first thing in the panel, and
    // draws its own bar.
    this.slot = 'header-actions';
    this.setAttribute('exportparts', THREAD_PARTS);
    this.toggleAttribute('bar', !this.parentElement?.localName.endsWith('-frame'));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#loads?.abort();
  }

  #client() {
    return this.#host.value?.client();
  }

  get #t(): ThreadStrings {
    return this.#texts.value;
  }

  /** The conversation is followed for its runs alone: a streamed event changes nothing drawn here. */
  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    const host = this.#host.value;
    const changedHost = host !== this.#drawnFor;
    this.#drawnFor = host;
    return changed.size > 0 || changedHost;
  }

  /** The element's host the last update was for: a new one brings new texts, or another conversation shown. */
  #drawnFor: unknown;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) {
      this.#focusRows = true;
      void this.#load(false);
    }
    if (changed.has('open') && !this.open) {
      this.#loads?.abort();
      this.renaming = this.confirming = undefined;
    }
  }

  protected override updated(): void {
    if (!this.#focusRows || !this.open) return;
    if (this.threads.length > 0) {
      this.#focusRows = false;
      this.#focusRow(this.active);
    } else if (!this.loading) {
      this.#focusRows = false;
      this.renderRoot.querySelector<HTMLElement>('.new')?.focus();
    }
  }

  /** The first page again (`more` false), or the next one. The rows shown stay until the new ones are in. */
  async #load(more: boolean): Promise<void> {
    const client = this.#client();
    if (!client) return;
    this.#loads?.abort();
    const loads = (this.#loads = new AbortController());
    this.loading = true;
    try {
      const page = await listThreads(client, more ? this.nextCursor : null, loads.signal);
      if (loads.signal.aborted) return;
      const known = new Set(more ? this.threads.map((thread) => thread.id) : []);
      this.threads = more ? [...this.threads, ...page.sessions.filter((thread) => !known.has(thread.id))] : page.sessions;
      this.nextCursor = page.nextCursor;
      this.error = undefined;
      if (!more) this.active = Math.max(0, this.threads.findIndex((thread) => thread.id === this.#current()));
    } catch (error) {
      if (loads.signal.aborted) return;
      this.error = format(this.#t.threadsFailed, { message: (error as Error).message });
    } finally {
      if (this.#loads === loads) this.loading = false;
    }
  }

  #current(): string | undefined {
    return this.#host.value?.sessionId;
  }

  /** Show another conversation (or a new one). */
  #switchTo(sessionId: string): void {
    const host = this.#host.value;
    if (!host) return;
    this.open = false;
    host.showSession(sessionId);
  }

  async #rename(thread: SessionSummary, title: string): Promise<void> {
    const client = this.#client();
    const clean = title.trim();
    if (!client || !clean || clean === thread.title) {
      this.#endRename(thread.id);
      return;
    }
    try {
      const renamed = await renameThread(client, thread.id, clean);
      this.threads = this.threads.map((candidate) => (candidate.id === thread.id ? { ...candidate, title: renamed.title } : candidate));
      this.error = undefined;
      this.#endRename(thread.id);
    } catch (error) {
      this.error = format(this.#t.threadFailed, { message: (error as Error).message });
    }
  }

  #endRename(id: string): void {
    this.renaming = undefined;
    void this.updateComplete.then(() => this.#focusRow(this.threads.findIndex((thread) => thread.id === id)));
  }

  async #delete(thread: SessionSummary): Promise<void> {
    const client = this.#client();
    if (!client) return;
    try {
      await client.deleteSession(thread.id);
    } catch (error) {
      this.confirming = undefined;
      this.error = format(this.#t.threadFailed, { message: (error as Error).message });
      return;
    }
    const index = this.threads.indexOf(thread);
    this.threads = this.threads.filter((candidate) => candidate !== thread);
    this.confirming = undefined;
    this.error = undefined;
    // The conversation shown is gone: a new one takes its place, as Clear would leave it.
    if (thread.id === this.#current()) {
      this.#switchTo(newSessionId());
      return;
    }
    this.active = Math.min(index, this.threads.length - 1);
    await this.updateComplete;
    if (this.threads.length > 0) this.#focusRow(this.active);
    else this.renderRoot.querySelector<HTMLElement>('.new')?.focus();
  }

  #focusRow(index: number): void {
    if (index < 0) return;
    this.active = index;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`.pick[data-index="${index}"]`)?.focus());
  }

  #toggle = (): void => {
    this.open = !this.open;
  };

  #close(): void {
    this.open = false;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.toggle')?.focus());
  }

  /** A run ended: an open list is read again. */
  #followRuns(state: ConversationSnapshot): void {
    const ended = this.#running && !state.running;
    this.#running = state.running;
    if (ended && this.open) void this.#load(false);
  }

  #onKeyDown = (event: KeyboardEvent): void => {
    if (!this.open || event.defaultPrevented) return;
    if (event.key === 'Escape') {
      // Handled here, so the frame (a drawer, the ephemeral panel) does not close as well.
      event.preventDefault();
      event.stopPropagation();
      if (this.renaming) this.#endRename(this.renaming);
      else if (this.confirming) {
        const id = this.confirming;
        this.confirming = undefined;
        this.#focusRow(this.threads.findIndex((thread) => thread.id === id));
      } else this.#close();
      return;
    }
    const onRow = (event.composedPath()[0] as Element | undefined)?.closest?.('.row');
    if (!onRow || this.renaming) return;
    const last = this.threads.length - 1;
    const next = { ArrowDown: this.active + 1, ArrowUp: this.active - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.#focusRow(Math.max(0, Math.min(last, next)));
  };

  protected override render() {
    const t = this.#t;
    const label = this.open ? t.hideThreads : t.showThreads;
    return html`<div class="bar-wrap" @keydown=${this.#onKeyDown}>
      <button
        type="button"
        class="toggle"
        part="threads-button"
        aria-label=${label}
        title=${label}
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls=${this.open ? 'sheet' : nothing}
        @click=${this.#toggle}
      >
        ${threadsIcon}<span class="bar-label">${t.threads}</span>
      </button>
      ${this.open ? this.#sheet(t) : nothing}
    </div>`;
  }

  #sheet(t: ThreadStrings) {
    const empty = this.threads.length === 0;
    return html`<section id="sheet" class="sheet" part="threads" aria-labelledby="threads-heading">
      <div class="top">
        <h2 id="threads-heading">${t.threads}</h2>
        <button type="button" class="new" part="new-thread-button" @click=${() => this.#switchTo(newSessionId())}>${newIcon}${t.newThread}</button>
        <button type="button" class="icon-button" part="close-threads-button" aria-label=${t.hideThreads} @click=${() => this.#close()}>×</button>
      </div>
      ${this.error ? html`<p class="note error" role="alert">${this.error}</p>` : nothing}
      ${empty && this.loading ? html`<p class="note" role="status">${t.loadingThreads}</p>` : nothing}
      ${empty && !this.loading && !this.error ? html`<p class="note">${t.noThreads}</p>` : nothing}
      <ul class="list" aria-labelledby="threads-heading" ?hidden=${empty}>
        ${repeat(
          this.threads,
          (thread) => thread.id,
          (thread, index) => this.#row(thread, index, t),
        )}
      </ul>
      ${this.nextCursor
        ? html`<button type="button" class="more" part="more-threads-button" ?disabled=${this.loading} @click=${() => void this.#load(true)}>
            ${t.moreThreads}
          </button>`
        : nothing}
    </section>`;
  }

  #row(thread: SessionSummary, index: number, t: ThreadStrings) {
    const title = thread.title || t.untitledThread;
    const current = thread.id === this.#current();
    const tabindex = index === this.active ? '0' : '-1';
    let body;
    if (this.renaming === thread.id) {
      body = html`<form
        class="rename"
        @submit=${(event: SubmitEvent) => {
          event.preventDefault();
          const input = (event.currentTarget as HTMLFormElement).elements.namedItem('title') as HTMLInputElement;
          void this.#rename(thread, input.value);
        }}
      >
        <input name="title" part="thread-title-input" aria-label=${t.threadTitle} maxlength="200" required .value=${thread.title} />
        <button type="submit" part="thread-save-button">${t.saveTitle}</button>
      </form>`;
    } else if (this.confirming === thread.id) {
      body = html`<span class="question">${format(t.deleteThreadConfirm, { title })}</span>
        <button type="button" class="danger" part="thread-delete-confirm" @click=${() => void this.#delete(thread)}>${t.deleteThread}</button>
        <button type="button" class="keep" @click=${() => this.#endConfirm(thread.id)}>${t.keepThread}</button>`;
    } else {
      body = html`<button
          type="button"
          class="pick"
          data-index=${index}
          tabindex=${tabindex}
          aria-current=${current ? 'true' : nothing}
          @click=${() => this.#switchTo(thread.id)}
          @focus=${() => (this.active = index)}
        >
          <span class="title">${title}</span>
          <time datetime=${new Date(thread.updatedAt).toISOString()}>${threadTime(thread.updatedAt, this.#host.value?.locale)}</time>
        </button>
        <button type="button" class="icon-button" part="thread-rename-button" tabindex=${tabindex} aria-label=${format(t.renameThreadLabel, { title })} title=${t.renameThread} @click=${() => this.#startRename(thread.id)}>
          ${renameIcon}
        </button>
        <button type="button" class="icon-button" part="thread-delete-button" tabindex=${tabindex} aria-label=${format(t.deleteThreadLabel, { title })} title=${t.deleteThread} @click=${() => this.#startConfirm(thread.id)}>
          ${deleteIcon}
        </button>`;
    }
    return current ? html`<li class="row" part="thread current-thread">${body}</li>` : html`<li class="row" part="thread">${body}</li>`;
  }

  async #startRename(id: string): Promise<void> {
    this.confirming = undefined;
    this.renaming = id;
    await this.updateComplete;
    const input = this.renderRoot.querySelector<HTMLInputElement>('.rename input');
    input?.focus();
    input?.select();
  }

  async #startConfirm(id: string): Promise<void> {
    this.renaming = undefined;
    this.confirming = id;
    await this.updateComplete;
    // The safe answer first: Enter on a key held down from the click does not delete.
    this.renderRoot.querySelector<HTMLElement>('.row .keep')?.focus();
  }

  #endConfirm(id: string): void {
    this.confirming = undefined;
    this.#focusRow(this.threads.findIndex((thread) => thread.id === id));
  }

  static override styles = threadListStyles;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-thread-list': ThreadList;
  }
}
