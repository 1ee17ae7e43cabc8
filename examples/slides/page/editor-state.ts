import type { Carousel } from '../server/carousel.js';
import { appClient, type AppInfo } from './app-client.js';

/**
 * What the page shows and which of its own operations are in flight. Seed §3.7.1: there is no global loading
 * flag; each stage action and each per-slide action has its own, and the chat has its own inside the element.
 * Navigation has none at all: a stage click shows the stage at once and tells the server afterwards.
 */
export class EditorState {
  carousel: Carousel;
  selectedSlide: number | null = null;
  /** Running page actions: an action name ("generate_images") or an action on one slide ("regenerate_slide:2"). */
  readonly running = new Set<string>();
  /** Slides whose text, prompt or image changed in the last update, to flash them. */
  changed = new Set<number>();
  notice: { text: string; kind: 'error' | 'info' } | null = null;
  chatRunning = false;
  /** The draft editor survives re-renders: whether it is open, and text typed but not saved. */
  draftOpen = false;
  draftEdit: string | null = null;
  /** A stage clicked whose PUT has not answered yet: it wins over any carousel that arrives meanwhile. */
  private pendingStage: number | null = null;
  /**
   * The stage changes sent so far, one after the other: two quick clicks must reach the server in their order, and
   * a stage button pressed right after a click must find the server already in that stage.
   */
  private navigation: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly id: string,
    readonly info: AppInfo,
    carousel: Carousel,
  ) {
    this.carousel = carousel;
  }

  get stage(): number {
    return this.carousel.stage;
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * A carousel from anywhere (a state event, a refresh, an API answer). An answer older than what is shown is
   * dropped: a refresh sent before a stage click must not put the old stage back.
   */
  accept(next: Carousel): void {
    if (next.id !== this.id || next.updatedAt < this.carousel.updatedAt) return;
    if (this.pendingStage !== null) next = { ...next, stage: this.pendingStage as Carousel['stage'] };
    // State events and refreshes often bring back what is shown; re-rendering for nothing would only reset scroll and focus.
    if (JSON.stringify(next) === JSON.stringify(this.carousel)) return;
    this.changed = changedSlides(this.carousel, next);
    this.carousel = next;
    if (this.selectedSlide !== null && this.selectedSlide > next.slides.length) this.selectedSlide = null;
    this.notify();
  }

  async refresh(): Promise<void> {
    try {
      this.accept(await appClient.carousel(this.id));
    } catch {
      // A failed background refresh changes nothing on screen; the next one, or the next action, will tell.
    }
  }

  goToStage(stage: number): void {
    if (stage === this.carousel.stage) return;
    this.pendingStage = stage;
    this.carousel = { ...this.carousel, stage: stage as Carousel['stage'] };
    this.changed = new Set();
    this.notify();
    const settle = () => {
      if (this.pendingStage === stage) this.pendingStage = null;
    };
    this.navigation = this.navigation.then(() =>
      appClient.goToStage(this.id, stage).then(
        ({ carousel }) => {
          settle();
          this.accept(carousel);
        },
        (error: Error) => {
          settle();
          this.say(error.message, 'error');
          void this.refresh();
        },
      ),
    );
  }

  /** Run a stage action from a page button; only that button (or that slide) shows it is busy. */
  async runAction(action: string, input: Record<string, unknown> = {}, key = action): Promise<void> {
    if (this.running.has(key)) return;
    this.running.add(key);
    this.notify();
    try {
      await this.navigation;
      const { carousel } = await appClient.runAction(this.id, action, input);
      this.running.delete(key);
      this.accept(carousel);
    } catch (error) {
      this.running.delete(key);
      this.say((error as Error).message, 'error');
    }
  }

  /** The settings modal's Save: like navigation, it never waits for the chat or a running action. */
  async saveSettings(settings: { language: string }): Promise<void> {
    try {
      this.accept(await appClient.saveSettings(this.id, settings));
      const name = this.info.languages.find((language) => language.code === settings.language)?.name ?? settings.language;
      this.say(`Settings saved: the slides are written in ${name}.`, 'info');
    } catch (error) {
      this.say((error as Error).message, 'error');
    }
  }

  async saveDraft(draft: string): Promise<void> {
    try {
      this.accept(await appClient.saveDraft(this.id, draft));
      this.draftEdit = null;
      this.say('Draft saved. Generate slides to use it.', 'info');
    } catch (error) {
      this.say((error as Error).message, 'error');
    }
  }

  select(slide: number | null): void {
    this.selectedSlide = slide;
    this.changed = new Set();
    this.notify();
  }

  /** Show a line above the editor (an action that failed, a draft saved); null takes it away. */
  say(text: string | null, kind: 'error' | 'info' = 'info'): void {
    const notice = text === null ? null : { text, kind };
    this.notice = notice;
    this.notify();
    // Information goes away by itself; an error stays until read and dismissed.
    if (notice?.kind === 'info') setTimeout(() => this.notice === notice && this.say(null), 4000);
  }
}

function changedSlides(before: Carousel, after: Carousel): Set<number> {
  const changed = new Set<number>();
  after.slides.forEach((slide, i) => {
    const old = before.slides[i];
    if (!old || old.title !== slide.title || old.body !== slide.body || old.imagePrompt !== slide.imagePrompt || old.image?.variant !== slide.image?.variant) {
      changed.add(i + 1);
    }
  });
  return changed;
}
