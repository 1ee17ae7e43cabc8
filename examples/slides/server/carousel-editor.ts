import { stageName, type Carousel } from './carousel.js';
import type { CarouselStore } from './carousel-store.js';
import { goToStage, nextStage, previousStage } from './navigation.js';
import { stageAction, type StageAction } from './stage-actions.js';

export interface EditorOptions {
  /** Per-slide delay of the deliberately slow step (`regenerate_all_slides`). */
  slowStepMs: number;
}

export interface ActionCaller {
  status?(text: string): void;
  /** Hears the carousel after each save of a long step (the agent's ctx.state: the page shows each slide as it lands). */
  state?(carousel: Carousel): void;
  signal?: AbortSignal;
}

/** An action asked for in a stage that does not allow it: the message says where it belongs. */
export class WrongStageError extends Error {
  constructor(action: StageAction, carousel: Carousel) {
    super(
      `${action.name} belongs to stage ${action.stage} (${stageName(action.stage)}); the carousel is in stage ${carousel.stage} (${stageName(carousel.stage)}).`,
    );
  }
}

/**
 * The app's one way to change a carousel, whoever asks: the agent's tools, the slash commands and the page's
 * own REST API. It enforces the stage table and persists after every change.
 */
export class CarouselEditor {
  constructor(
    readonly store: CarouselStore,
    private readonly options: EditorOptions,
  ) {}

  async runAction(id: string, name: string, input: unknown, caller: ActionCaller = {}): Promise<unknown> {
    const action = stageAction(name);
    if (!action) throw new Error(`Unknown action "${name}".`);
    const carousel = this.store.get(id);
    if (carousel.stage !== action.stage) throw new WrongStageError(action, carousel);
    const result = await action.run(carousel, input, {
      status: caller.status ?? (() => {}),
      signal: caller.signal ?? new AbortController().signal,
      save: async () => {
        await this.store.save(id);
        caller.state?.(this.store.snapshot(id));
      },
      slowStepMs: this.options.slowStepMs,
    });
    await this.store.save(id);
    return result;
  }

  async navigate(id: string, to: 'next' | 'back' | number): Promise<string> {
    const carousel = this.store.get(id);
    const message = to === 'next' ? nextStage(carousel) : to === 'back' ? previousStage(carousel) : goToStage(carousel, to);
    await this.store.save(id);
    return message;
  }

  /** The settings modal's choices (seed §3.7.4): a metadata change like navigation, never waiting for the agent. */
  async setLanguage(id: string, language: string): Promise<void> {
    this.store.get(id).language = language;
    await this.store.save(id);
  }

  async setDraft(id: string, draft: string): Promise<void> {
    this.store.get(id).draft = draft;
    await this.store.save(id);
  }
}
