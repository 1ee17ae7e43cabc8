import type { A2uiClientAction, A2uiMessage as Message, Catalog, SurfaceModel } from '@a2ui/web_core/v0_9';
import type { LitComponentApi } from '@a2ui/lit/v0_9';
import { MessageProcessor, basicCatalog } from './a2ui-renderer.js';
import type { A2uiAction, Turn } from '@agent-chat/protocol';

type Surface = SurfaceModel<LitComponentApi>;

/** The turns that change surfaces: the agent's ui turns, and the user's acts that sent a surface's data model. */
const drawsSurfaces = (turn: Turn): boolean => turn.type === 'ui' || (turn.type === 'user' && turn.action?.dataModel !== undefined);

/**
 * Whether two turns change the surfaces alike: the same turn, or its copy (the user's act renamed to the server's id
 * when its run starts, a history fetched again). Rebuilding for a copy would drop what the user typed but not sent.
 */
function sameChange(a: Turn, b: Turn): boolean {
  if (a === b) return true;
  if (a.type === 'ui' && b.type === 'ui') return a.id === b.id;
  return a.type === 'user' && b.type === 'user' && JSON.stringify(a.action) === JSON.stringify(b.action);
}

/**
 * One conversation's A2UI surfaces: a MessageProcessor fed the conversation's turns in order, whatever rows the
 * windowed list draws, so a surface is always as its last message left it. Each surface is drawn where the turn that
 * created it stands (`surfacesOf`); later turns change that same SurfaceModel, so its element shows the new values in
 * place. Turns replaced (another thread, a branch, a reload) start a new processor: the surfaces are drawn again
 * from the first turn.
 */
export class A2uiStore {
  #processor!: MessageProcessor<LitComponentApi>;
  /** The turns applied, in order: the next sync applies only what follows them, if they are still there. */
  #applied: Turn[] = [];
  /** Which turn created each live surface. */
  readonly #origin = new Map<string, string>();
  /** A message the renderer refused, by the turn it came in. */
  readonly errors = new Map<string, string>();
  #catalog: Catalog<LitComponentApi> | undefined;
  #turns: readonly Turn[] | undefined;
  #version = -1;
  readonly #listeners = new Set<() => void>();
  /** How an act is sent: the conversation's send, as it is now. */
  send: (action: A2uiAction) => void = () => undefined;

  constructor() {
    this.#reset(undefined);
  }

  /** Brings the surfaces up to `turns` (`version`: the conversation's turnsVersion, as the array changes in place). */
  sync(turns: readonly Turn[], version: number, catalog: Catalog<LitComponentApi> | undefined): void {
    if (turns === this.#turns && version === this.#version && catalog === this.#catalog) return;
    this.#turns = turns;
    this.#version = version;
    const relevant = turns.filter(drawsSurfaces);
    const applied = this.#applied;
    const extends_ = catalog === this.#catalog && applied.length <= relevant.length && applied.every((turn, i) => sameChange(turn, relevant[i]!));
    if (extends_ && applied.length === relevant.length) return;
    if (!extends_) this.#reset(catalog);
    for (const turn of relevant.slice(this.#applied.length)) this.#apply(turn);
    this.#applied = relevant;
    for (const listener of this.#listeners) listener();
  }

  /** The live surfaces the turn `turnId` created, to draw where it stands. */
  surfacesOf(turnId: string): Surface[] {
    const surfaces: Surface[] = [];
    for (const [surfaceId, origin] of this.#origin) {
      const surface = origin === turnId ? this.#processor.model.getSurface(surfaceId) : undefined;
      if (surface) surfaces.push(surface);
    }
    return surfaces;
  }

  /** Told after each sync that changed something. Returns the unsubscribe. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #reset(catalog: Catalog<LitComponentApi> | undefined): void {
    this.#processor?.model.dispose();
    this.#catalog = catalog;
    this.#processor = new MessageProcessor<LitComponentApi>(catalog ? [basicCatalog, catalog] : [basicCatalog], this.#act);
    this.#applied = [];
    this.#origin.clear();
    this.errors.clear();
  }

  #apply(turn: Turn): void {
    if (turn.type === 'user') {
      // What the user sent with their act, so a reload shows the surface as they left it.
      const { surfaceId, dataModel } = turn.action!;
      if (this.#processor.model.getSurface(surfaceId)) this.#process(turn.id, { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: dataModel } });
      return;
    }
    if (turn.type !== 'ui') return;
    for (const message of turn.messages) {
      if (!this.#process(turn.id, message as Message)) continue;
      if ('createSurface' in message) this.#origin.set(message.createSurface.surfaceId, turn.id);
      else if ('deleteSurface' in message) this.#origin.delete(message.deleteSurface.surfaceId);
    }
  }

  /** One message at a time, so a refused one (the server checked them; a host catalog may still differ) stops no other. */
  #process(turnId: string, message: Message): boolean {
    try {
      this.#processor.processMessages([message]);
      return true;
    } catch (error) {
      this.errors.set(turnId, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  readonly #act = (act: A2uiClientAction): void => {
    const surface = this.#processor.model.getSurface(act.surfaceId);
    const dataModel = surface?.sendDataModel ? (surface.dataModel.get('/') as Record<string, unknown> | undefined) : undefined;
    this.send({
      surfaceId: act.surfaceId,
      name: act.name,
      sourceComponentId: act.sourceComponentId,
      context: act.context,
      ...(dataModel ? { dataModel } : {}),
    });
  };
}

/** The store of each conversation, by its controller's send (one per conversation, kept for its life). */
const stores = new WeakMap<object, A2uiStore>();

export function storeFor(conversation: object): A2uiStore {
  let store = stores.get(conversation);
  if (!store) stores.set(conversation, (store = new A2uiStore()));
  return store;
}
