// The element's features that load when first needed, by name: the one place that imports their chunks
// (highlight.js's languages aside: features/code-highlighting/code-languages.ts), and the one way to ask for one. A part reaches
// another feature by asking for it here and drawing its tag, which upgrades when the chunk is in; never by
// importing it, which would put that feature in the part's own chunk.
import { emit } from '../events.js';
import { afterPaint } from '../ui/later.js';

/** One feature's chunk: fetched at the first ask and shared by every ask after; forgotten if it fails. */
class Chunk<M> {
  /** The chunk's exports, once it is in. */
  module: M | undefined;
  #loading: Promise<M> | undefined;

  constructor(readonly entry: () => Promise<M>) {}

  /** `failed` is told once per failed fetch: the first ask's, as the others wait on the same one. */
  load(failed: (error: unknown) => void): Promise<M> {
    return (this.#loading ??= this.entry().then(
      (module) => (this.module = module),
      (error: unknown) => {
        this.#loading = undefined;
        failed(error);
        throw error;
      },
    ));
  }
}

/**
 * Each feature's chunk, named as its entry is (src/chunks/<name>.ts, and so dist/chunks/<name>-<hash>.js). An entry
 * defines the feature's tags as it loads, so a tag drawn before is upgraded then. The frames and the conversation's
 * are the shell's to ask for; the rest, the conversation's parts'.
 */
const chunks = {
  'floating-frame': new Chunk(() => import('../chunks/floating-frame.js')),
  'docked-stand-in': new Chunk(() => import('../chunks/docked-stand-in.js')),
  'docked-frame': new Chunk(() => import('../chunks/docked-frame.js')),
  'drawer-frame': new Chunk(() => import('../chunks/drawer-frame.js')),
  'ephemeral-frame': new Chunk(() => import('../chunks/ephemeral-frame.js')),
  'conversation-parts': new Chunk(() => import('../chunks/conversation-parts.js')),
  'early-history': new Chunk(() => import('../chunks/early-history.js')),
  'thread-list': new Chunk(() => import('../chunks/thread-list.js')),
  cards: new Chunk(() => import('../chunks/cards.js')),
  'tool-views': new Chunk(() => import('../chunks/tool-views.js')),
  'subagent-tree': new Chunk(() => import('../chunks/subagent-tree.js')),
  'input-requests': new Chunk(() => import('../chunks/input-requests.js')),
  'mcp-apps': new Chunk(() => import('../chunks/mcp-apps.js')),
  'code-highlighter': new Chunk(() => import('../chunks/code-highlighter.js')),
  autocomplete: new Chunk(() => import('../chunks/autocomplete.js')),
  'item-chips': new Chunk(() => import('../chunks/item-chips.js')),
  'quick-actions': new Chunk(() => import('../chunks/quick-actions.js')),
  attachments: new Chunk(() => import('../chunks/attachments.js')),
  // Asked for with the first message shown, and fetched once the page is idle: the message comes first.
  'message-actions': new Chunk(() => afterPaint().then(() => import('../chunks/message-actions.js'))),
  'awaiting-input': new Chunk(() => import('../chunks/awaiting-input.js')),
  'trigger-queue': new Chunk(() => import('../chunks/trigger-queue.js')),
  'ag-ui-transport': new Chunk(() => import('../chunks/ag-ui-transport.js')),
  a2ui: new Chunk(() => import('../chunks/a2ui.js')),
};

export type Feature = keyof typeof chunks;
type Modules = { [F in Feature]: (typeof chunks)[F] extends Chunk<infer M> ? M : never };
/** What a feature's chunk exports. */
export type FeatureModule<F extends Feature> = Modules[F];
// The table again, typed by feature, so that a lookup by any one feature keeps that feature's module type.
const byFeature: { [F in Feature]: Chunk<Modules[F]> } = chunks;

/** The feature's module if its chunk is in, for a render that draws with it now or not at all. */
export function loaded<F extends Feature>(feature: F): FeatureModule<F> | undefined {
  return byFeature[feature].module;
}

/**
 * The feature's module, its chunk fetched the first time it is asked for. When the chunk does not load (offline,
 * a server that does not serve chunks/), the page hears it once, by an `agent-chat-error` from `from` naming the
 * feature, and the promise rejects; the next ask fetches it again.
 */
export function load<F extends Feature>(feature: F, from: Element): Promise<FeatureModule<F>> {
  return byFeature[feature].load((error) => {
    const reason = error instanceof Error ? error.message : String(error);
    emit(from, 'agent-chat-error', {
      sessionId: '',
      message: `agent-chat: the ${feature} feature could not load (${reason})`,
      code: 'feature_unavailable',
      status: undefined,
      feature,
    });
  });
}

/**
 * Asks for a feature whose tags the caller draws already: they upgrade once its chunk is in. A failure has been
 * said by load(); the tags stay empty until the next need asks again.
 */
export function need(feature: Feature, from: Element): void {
  if (!loaded(feature)) load(feature, from).catch(() => undefined);
}
