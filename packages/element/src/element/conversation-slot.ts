import { nothing, type PropertyValues } from 'lit';
import type { ConversationController } from '../conversation/conversation-controller.js';
import { rememberedSessionId } from '../conversation/session-id.js';
import type { DraftController } from '../conversation/draft-controller.js';
import type { HostElement } from './element-host-provider.js';
import { afterPaint, nextTask } from '../ui/later.js';
import { conversationModule, loadConversation, type ConversationModule } from './load-conversation.js';

/** The element's fields the conversation is set up from; a change of one is passed on (`changed`). */
const HOST_FIELDS = ['endpoint', 'session', 'transport', 'locale', 'strings', 'adapter', 'showUsage', 'appsSandbox'];

/**
 * Where the shell keeps its conversation: nothing until it is first needed (the element shows it, or the page starts a
 * run), then its chunk loaded and set up (the controller, the draft, the contexts the parts read, the tool catalog)
 * and kept in step with the element's fields. Until then a closed launcher has made no request and loaded no more
 * than the shell; what the page adds to the draft meanwhile waits here.
 */
export class ConversationSlot {
  readonly #element: HostElement;
  #controller: ConversationController | undefined;
  #contexts: InstanceType<ConversationModule['ShellContexts']> | undefined;
  #view: ConversationModule['conversationView'] | undefined;
  #catalog: InstanceType<ConversationModule['ToolCatalogProvider']> | undefined;
  /** Set when the conversation is first needed; resolves when it is in place. */
  #attaching: Promise<ConversationController> | undefined;
  #draft: DraftController | undefined;
  #earlyDraft: ((draft: DraftController) => void)[] = [];

  constructor(element: HostElement) {
    this.#element = element;
  }

  /** The conversation, once it is in place. */
  get controller(): ConversationController | undefined {
    return this.#controller;
  }

  /** The draft (the composer shows it), made with the conversation. */
  get draft(): DraftController | undefined {
    return this.#draft;
  }

  /** The conversation on its way, if it is. */
  get attaching(): Promise<ConversationController> | undefined {
    return this.#attaching;
  }

  /** The session in use: the element's `session`, or the one remembered for its endpoint. */
  get sessionId(): string {
    this.configure();
    return this.#controller?.state.sessionId ?? this.#session();
  }

  /** Called from the element's willUpdate with what changed. */
  changed(changed: PropertyValues): void {
    // The adapter first: configuring asks for the history at once, and that request must carry the adapter's
    // headers when a page sets both together (auth headers and the endpoint).
    if (changed.has('adapter') && this.#controller) this.#controller.adapter = this.#element.adapter ?? {};
    if (changed.has('endpoint') || changed.has('session') || changed.has('transport')) this.configure();
    // After the adapter, so the request carries its headers; a new adapter retries a catalog that failed.
    if (changed.has('endpoint') || changed.has('adapter')) this.#loadCatalog();
    if (HOST_FIELDS.some((field) => changed.has(field))) this.#contexts?.update();
  }

  /**
   * The conversation, loading its chunk the first time. `idle`: the element only shows it, nobody is waiting, so the
   * chunk is fetched after the shell has painted rather than competing with it.
   */
  show(idle = false): Promise<ConversationController> {
    this.#attaching ??= (conversationModule() || !idle ? Promise.resolve() : afterPaint())
      .then(() => conversationModule() ?? loadConversation(this.#element))
      .then(
        (module) => this.#attach(module),
        (error: unknown) => {
          // The chunk did not load (offline, a server that does not serve chunks/): the registry has said so, and
          // the next need tries again.
          this.#attaching = undefined;
          throw error;
        },
      );
    return this.#attaching;
  }

  /** At once when the conversation is in place (as before the split: a send shows before the next frame), else after it loads. */
  use(action: (conversation: ConversationController) => Promise<void>): Promise<void> {
    this.configure();
    return this.#controller ? action(this.#controller) : this.show().then(action);
  }

  editDraft(change: (draft: DraftController) => void): void {
    if (this.#draft) change(this.#draft);
    else this.#earlyDraft.push(change);
  }

  /** The message list and the composer, once the conversation is in (until then the frames paint empty around them). */
  view(placeholder: string | undefined, locked: boolean, threads: boolean): unknown {
    return this.#view && this.#contexts ? this.#view(this.#element, this.#contexts.texts, placeholder, locked, threads) : nothing;
  }

  /** Sync, so send() right after creating the element (before its first render) talks to the right session. */
  configure(): void {
    this.#controller?.configure(this.#contexts?.host.client(), this.#session());
  }

  #attach(module: ConversationModule): ConversationController | Promise<ConversationController> {
    if (this.#controller) return this.#controller;
    const element = this.#element;
    const draft = new module.DraftController();
    for (const change of this.#earlyDraft.splice(0)) change(draft);
    this.#draft = draft;
    // The contexts first: the conversation's parts find them when they connect, in the render this asks for.
    const contexts = new module.ShellContexts(element, draft);
    this.#contexts = contexts;
    const conversation = new module.ConversationController(element, () => contexts.texts);
    conversation.adapter = element.adapter ?? {};
    this.#controller = conversation;
    this.#catalog = new module.ToolCatalogProvider(element);
    this.configure();
    this.#loadCatalog();
    // The parts are drawn in the next task: a request starts only once the task that made it ends, and the parts'
    // first render is a long one, so the history's request (made by configure, unless the conversation's first load
    // asked for it early: element/load-conversation.ts) went out behind it, and the server sat idle meanwhile (measured,
    // 1,000 messages: the request 28 ms later, the history painted as much later).
    return nextTask(conversation).then(() => {
      this.#view = module.conversationView;
      element.requestUpdate();
      return conversation;
    });
  }

  #loadCatalog(): void {
    const conversation = this.#controller;
    if (conversation) this.#catalog?.load(this.#element.endpoint ?? '', () => conversation.tools());
  }

  /** The session to talk about: the `session` attribute, or the one remembered for the endpoint. */
  #session(): string {
    const endpoint = this.#element.endpoint ?? '';
    return this.#element.session || (endpoint ? rememberedSessionId(endpoint) : '');
  }
}
