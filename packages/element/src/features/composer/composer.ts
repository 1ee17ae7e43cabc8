import { LitElement, adoptStyles, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { CommandDescriptor } from '@agent-chat/protocol';
import { adapterContext } from '../../context/adapter-context.js';
import { tokenAtCaret } from './caret-token.js';
import { mentionRanges } from '../../core/mention-tokens.js';
import { optionAt, optionCount, tokenKey, type Menu } from './suggestion-menu.js';
import type { Suggestion, SuggestionOffer } from '../../context/suggestions.js';
import { conversationContext } from '../../context/conversation-context.js';
import { ComposerUploads } from './composer-uploads.js';
import { draftContext, type FileRemoveEvent, type FilesPickedEvent, type ItemRemoveEvent } from '../../context/draft-context.js';
import { elementHostContext } from '../../context/element-host.js';
import { load, loaded, need } from '../registry.js';
import { Texts } from '../../i18n/texts.js';
import { en, format } from '../../i18n/strings.js';
import { tokens } from '../../ui/tokens.js';
import { composerStyles, MAX_HEIGHT } from './composer-styles.js';

/**
 * Where the user writes. Enter sends, Shift+Enter breaks the line; while a reply streams, Send becomes Stop and
 * what is sent waits in the queue (the input is never disabled unless `locked`). `/` at the start suggests the
 * server's commands usable now (a command typed out in full runs on Enter), `@` the host's items; a picked item
 * is a token in the text (one Backspace removes it, Ctrl/Cmd+click shows it: adapter.onReference), dropped items
 * attachment cards.
 *
 * The field stays a textarea, for what a native field gives everyone (screen readers, IME, paste as plain text,
 * spelling, undo, the `input` part): the tokens are drawn by a layer under it that lays the same text out the same
 * way (features/autocomplete/mention-input.ts, in the autocomplete chunk, which any mention has loaded).
 *
 * Files from the user (`adapter.attachments`, when the server takes them): the paperclip first in the form, the
 * files' chips above it, paste and drop on the composer; the files are the draft's uploads, sent with the message,
 * which waits while one is uploading. The attachments chunk does the rest (features/composer/composer-uploads.ts).
 *
 * @csspart composer - The composer: where the user writes.
 * @csspart input - The composer's textarea.
 * @csspart send-button - The composer's Send button.
 * @csspart stop-button - The composer's Stop button, while a reply streams.
 * @csspart drop-hint - "Drop to attach", while items are dragged over the chat.
 * @csspart suggestions - The autocomplete list (`/` commands, `@` mentions).
 * @csspart suggestion - Each option of the autocomplete list.
 */
export class Composer extends LitElement {
  static override properties = {
    placeholder: {},
    /** Seed 003's behaviour: no typing while a reply streams. */
    locked: { type: Boolean },
    menu: { state: true },
  };

  /** Default: the strings table's `composerPlaceholder`. */
  declare placeholder: string | undefined;
  declare locked: boolean;
  /** @internal The autocomplete list open now, if any. */
  declare menu: Menu | undefined;

  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true });
  readonly #draft = new ContextConsumer(this, { context: draftContext, subscribe: true });
  readonly #adapter = new ContextConsumer(this, { context: adapterContext, subscribe: true });
  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #files = new ComposerUploads(this, () => this.#host.value, () => this.#draft.value);
  readonly #strings = new Texts(this, en);
  /** The token the user closed the list for with Escape: it stays closed while they type on in it. */
  #dismissed: string | undefined;
  #lookup = 0;
  /** The autocomplete chunk's styles are adopted into this shadow root (once, when it has loaded). */
  #listStyled = false;

  constructor() {
    super();
    this.locked = false;
  }

  /** What is typed. */
  get value(): string {
    return this.#draft.value?.text ?? '';
  }

  set value(text: string) {
    this.#draft.value?.setText(text);
  }

  override focus(options?: FocusOptions): void {
    this.#textarea?.focus(options);
  }

  /** Send what is typed (the same as pressing Enter). */
  submit(): void {
    const state = this.#conversation.value;
    const draft = this.#draft.value;
    const text = draft?.text.trim();
    if (!state || !draft || !text || (this.locked && state.running) || draft.uploading) return;
    const { references, attachments, uploads } = draft;
    const files = uploads.flatMap((upload) => (upload.uploaded ? [upload.uploaded] : []));
    draft.reset();
    this.#closeMenu();
    state.send(text, { references, attachments: [...attachments, ...files] }).catch(() => {
      // The controller shows its own errors in the conversation.
    });
  }

  protected override render() {
    const t = this.#strings.value;
    const state = this.#conversation.value;
    const draft = this.#draft.value;
    const running = state?.running ?? false;
    const stopping = state?.stopping ?? false;
    const text = draft?.text ?? '';
    const references = draft?.references ?? [];
    // A menu is only ever set once the autocomplete chunk has loaded; a mention the host added before it did
    // shows once it has.
    const list = loaded('autocomplete');
    if (references.length && !list) load('autocomplete', this).then(() => this.requestUpdate(), () => undefined);
    const mentions = list && references.length ? list : undefined;
    const menu = list && this.menu;
    const count = menu ? optionCount(menu) : 0;
    // The item chips and the quick actions are drawn by their tags, which upgrade once their chunks are in.
    if (draft?.attachments.length) need('item-chips', this);
    const quickActions = Boolean(this.#adapter.value?.quickActions);
    if (quickActions) need('quick-actions', this);
    // The field keeps its own role (a multi-line textbox may not be a combobox, axe-core checks): the suggestions are
    // tied to it by aria-autocomplete, aria-controls and aria-activedescendant, which a textbox supports.
    const files = this.#files.value;
    return html`<div
      class="composer"
      part="composer"
      ?data-dropping=${draft?.dropping}
      @paste=${this.#onFiles}
      @dragenter=${this.#onFiles}
      @dragleave=${this.#onFiles}
      @dragover=${this.#onFiles}
      @drop=${this.#onFiles}
    >
      ${draft?.dropping ? html`<div class="drop" part="drop-hint">${t.dropToAttach}</div>` : nothing}
      <agent-chat-item-chips
        variant="attachment"
        removable
        .items=${draft?.attachments ?? []}
        @item-remove=${(event: ItemRemoveEvent) => draft?.detach(event.detail)}
      ></agent-chat-item-chips>
      ${files
        ? html`<agent-chat-file-chips .files=${draft?.uploads ?? []} @file-remove=${(event: FileRemoveEvent) => files.remove(event.detail)}></agent-chat-file-chips>`
        : nothing}
      <form @submit=${this.#onSubmit}>
        ${files ? html`<agent-chat-file-picker .accept=${files.accept} @files-picked=${(event: FilesPickedEvent) => files.add(event.detail)}></agent-chat-file-picker>` : nothing}
        <div class="field">
          ${list && menu ? list.suggestionList(menu.groups, menu.active, menu.note, (option) => this.#pick(option), t.suggestions) : nothing}
          ${mentions ? mentions.mentionLayer(text, references, t.mentions) : nothing}
          <textarea
            part="input"
            rows="1"
            aria-label=${t.composerLabel}
            aria-describedby=${mentions ? mentions.MENTIONS_ID : nothing}
            ?data-mentions=${Boolean(mentions)}
            aria-autocomplete="list"
            aria-controls=${menu ? list.LISTBOX_ID : nothing}
            aria-activedescendant=${menu && count > 0 ? list.optionId(menu.active) : nothing}
            placeholder=${this.placeholder ?? t.composerPlaceholder}
            ?disabled=${this.locked && running}
            @input=${this.#onInput}
            @keydown=${this.#onKeyDown}
            @keyup=${this.#onKeyUp}
            @click=${this.#onClick}
            @scroll=${this.#syncLayer}
            @blur=${this.#closeMenu}
          ></textarea>
        </div>
        ${running
          ? html`<button type="button" class="stop" part="stop-button" ?disabled=${stopping} @click=${() => void state?.stop()}>
              ${stopping ? t.stopping : t.stop}
            </button>`
          : nothing}
        ${!running || (text.trim() && !this.locked)
          ? html`<button
              type="submit"
              class="send"
              part="send-button"
              title=${running ? t.sendsAfterReply : nothing}
              ?disabled=${!text.trim() || draft?.uploading}
            >
              ${t.send}
            </button>`
          : nothing}
      </form>
      ${quickActions ? html`<agent-chat-quick-actions></agent-chat-quick-actions>` : nothing}
      <slot name="footer"></slot>
    </div>`;
  }

  protected override updated(): void {
    const textarea = this.#textarea;
    if (!textarea) return;
    const list = loaded('autocomplete');
    if (list && !this.#listStyled) {
      this.#listStyled = true;
      adoptStyles(this.renderRoot as ShadowRoot, [...Composer.elementStyles, list.suggestionStyles, list.mentionStyles]);
    }
    // The draft's text, compared with what the field holds rather than with the last render's (what lit's
    // live() does, without its 0.2 KB): typing changes the field first, a reset or a picked mention the draft.
    const text = this.#draft.value?.text ?? '';
    if (textarea.value !== text) textarea.value = text;
    // Measured only when the text changed: the measure lays the page out, and the composer updates on every frame
    // of a streamed reply (it shows Stop while one runs).
    if (this.#sizedFor !== text || !textarea.style.height) {
      this.#sizedFor = text;
      textarea.style.height = 'auto';
      textarea.style.height = `${Math.min(textarea.scrollHeight, MAX_HEIGHT)}px`;
    }
    this.#syncLayer();
  }

  /** The text the field's height was last measured for. */
  #sizedFor: string | undefined;

  get #textarea(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }

  /** The mentions' layer follows the field's scroll and width (a scrollbar narrows the text). */
  #syncLayer = (): void => {
    const textarea = this.#textarea;
    if (textarea && this.#draft.value?.references.length) loaded('autocomplete')?.syncMentionLayer(textarea);
  };

  /** A click inside a token puts the caret at its edge; with Ctrl or Cmd it shows the item (as a chip's click did). */
  #onClick = (event: MouseEvent): void => {
    const textarea = this.#textarea!;
    const references = this.#draft.value?.references ?? [];
    const item = references.length ? loaded('autocomplete')?.snapToMention(textarea, references) : undefined;
    if (item && (event.ctrlKey || event.metaKey)) this.#adapter.value?.onReference?.(item);
    this.#updateMenu();
  };

  #onInput(event: Event): void {
    this.#draft.value?.setText((event.target as HTMLTextAreaElement).value);
    this.#updateMenu();
  }

  #onKeyDown(event: KeyboardEvent): void {
    // isComposing: Enter that confirms an IME candidate (Japanese, Chinese…) must neither pick nor send.
    if (event.isComposing || event.keyCode === 229) return;
    const menu = this.menu;
    if (menu) {
      const count = optionCount(menu);
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        this.menu = { ...menu, active: (menu.active + step + count) % count };
        this.updateComplete.then(() => this.renderRoot.querySelector(`#${loaded('autocomplete')!.optionId(this.menu?.active ?? 0)}`)?.scrollIntoView({ block: 'nearest' }));
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && count > 0) {
        event.preventDefault();
        const option = optionAt(menu, menu.active);
        // `/next` typed out: Enter runs it at once; Tab, or Enter on a part of a name, completes it. The menu's token
        // is the one typed: each keystroke's lookup is answered (from #commandList) before the next key comes.
        if (event.key === 'Enter' && loaded('autocomplete')!.runsAsTyped(option, menu.token.query)) this.submit();
        else if (option) this.#pick(option);
        return;
      }
      if (event.key === 'Escape') {
        // Only the list closes; a drawer around the chat stays open.
        event.preventDefault();
        event.stopPropagation();
        this.#dismissed = tokenKey(menu.token);
        this.#closeMenu();
        return;
      }
    }
    const references = this.#draft.value?.references ?? [];
    if (references.length && loaded('autocomplete')?.mentionKey(this.#textarea!, references, event)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      this.submit();
    }
  }

  /** Moving the caret may leave or enter a token; not into a mention: the caret goes to its edge. */
  #onKeyUp(event: KeyboardEvent): void {
    if (!/^(Arrow|Home|End)/.test(event.key)) return;
    const references = this.#draft.value?.references ?? [];
    if (references.length) loaded('autocomplete')?.snapToMention(this.#textarea!, references);
    // ↑/↓ move in the list while it is open: the lookup is not asked again for them.
    if (!/Up|Down/.test(event.key)) this.#updateMenu();
  }

  /** Paste, drag and drop: files among them are the uploads' (when the element takes files). */
  #onFiles = (event: Event): void => this.#files.value?.handleEvent(event);

  #onSubmit(event: Event): void {
    event.preventDefault();
    this.submit();
  }

  #closeMenu = (): void => {
    this.#lookup += 1;
    this.#commandList = undefined;
    this.menu = undefined;
  };

  /**
   * The commands usable now, asked once per `/` word: the server decides from the page's context, which may have
   * changed since the last one (a stage further on), and typing on in the word filters this one answer.
   */
  #commandList: Promise<readonly CommandDescriptor[]> | undefined;

  #updateMenu = (): void => {
    const textarea = this.#textarea;
    if (!textarea) return;
    let token =
      textarea.selectionStart === textarea.selectionEnd ? tokenAtCaret(textarea.value, textarea.selectionStart) : undefined;
    // The caret just after a mention (`@R-2|`): the item is picked already, there is nothing to suggest.
    if (token?.kind === 'mention' && mentionRanges(textarea.value, this.#draft.value?.references ?? []).some((range) => range.start === token!.start)) {
      token = undefined;
    }
    if (!token) this.#dismissed = undefined;
    if (!token || this.#dismissed === tokenKey(token)) {
      this.#closeMenu();
      return;
    }
    const ask = ++this.#lookup;
    const t = this.#strings.value;
    const show = (offer: SuggestionOffer | undefined) => {
      if (ask !== this.#lookup) return;
      const same = this.menu?.token.start === token.start && this.menu.token.kind === token.kind;
      const count = offer?.groups.reduce((sum, group) => sum + group.options.length, 0) ?? 0;
      this.menu = offer && { token, groups: offer.groups, active: same ? Math.min(this.menu!.active, Math.max(count - 1, 0)) : 0, note: offer.note };
    };

    const list = loaded('autocomplete');
    if (!list) {
      // The first token typed on this page: the list's chunk first, then this same lookup (unless the user moved on).
      load('autocomplete', this).then(
        () => ask === this.#lookup && this.#updateMenu(),
        (error: unknown) => show({ groups: [], note: format(t.commandsUnavailable, { message: error instanceof Error ? error.message : String(error) }) }),
      );
      return;
    }
    const commands = () =>
      (this.#commandList ??= (this.#conversation.value?.commands() ?? Promise.resolve([])).catch((error: unknown) => {
        // Asked again at the next keystroke: the server may be back, or the auth headers set.
        this.#commandList = undefined;
        throw error;
      }));
    list.lookUp(token.kind, token.query, { commands, adapter: this.#adapter.value, strings: t }).then(show);
  };

  async #pick(option: Suggestion): Promise<void> {
    const textarea = this.#textarea;
    const draft = this.#draft.value;
    const menu = this.menu;
    if (!textarea || !draft || !menu) return;
    const current = tokenAtCaret(textarea.value, textarea.selectionStart);
    const token = current?.kind === menu.token.kind ? current : menu.token;
    // A menu is set only once the autocomplete chunk is in.
    const next = loaded('autocomplete')!.withPick(textarea.value, token, option);
    if (option.kind === 'command') draft.setText(next.text);
    else draft.addReference(option.item, next.text);
    this.#closeMenu();
    await this.updateComplete;
    textarea.focus();
    textarea.setSelectionRange(next.caret, next.caret);
  }

  static override styles = [tokens, composerStyles];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-composer': Composer;
  }
}
