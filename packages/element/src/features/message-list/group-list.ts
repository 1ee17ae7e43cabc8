import { render, type TemplateResult } from 'lit';
import type { TurnGroup } from '../../core/turns/turn-steps.js';
import { groupText } from '../../core/turns/group-text.js';
import { inIdlePeriod, type IdleTime } from '../../ui/idle-period.js';

/** How the list draws a group in full. */
export interface GroupListOptions {
  /** The group's parts (its message, its turn), rendered by Lit into the group's element. */
  full(group: TurnGroup): TemplateResult;
  /** Whether this group is drawn in full now (see HistoryWindow). */
  isFull(key: string): boolean;
  /** The height a stand-in keeps: the group's own when it was drawn, else undefined (estimated). */
  heightOf(key: string): number | undefined;
  /** The element Lit's event bindings are called on. */
  host: object;
  /** A reply is streaming, or the reader scrolling: laying out stand-ins waits, so they have the frames. */
  busy(): boolean;
}

interface Drawn {
  element: HTMLElement;
  full: boolean;
}

/**
 * The conversation's groups as elements, in order, keyed: one element per group, either drawn in full (Lit renders
 * the group's parts into it) or a stand-in (plain DOM: the group's text, sized, and nothing else). Not a `repeat`:
 * with hundreds of groups put away, a template instance each cost more than the rest of the history together
 * (measured: 0.74 MB for 500 stand-ins), while a stand-in made here is one element and one text node.
 */
export class GroupList {
  readonly element: HTMLDivElement;
  /** The groups' elements, in order. */
  elements: HTMLElement[] = [];
  /** Those drawn in full. */
  drawnInFull: HTMLElement[] = [];
  readonly #options: GroupListOptions;
  #drawn = new Map<string, Drawn>();
  /** The page elements, in order (see #place). */
  readonly #pages: HTMLElement[] = [];
  /** Stand-ins still skipped by layout (content-visibility), the newest last: laid out a few at a time when idle. */
  #fresh: HTMLElement[] = [];
  #settling = false;

  constructor(options: GroupListOptions) {
    this.#options = options;
    this.element = document.createElement('div');
    this.element.className = 'groups';
  }

  /**
   * Make the elements match `groups`, in their order: kept by key, moved where the order changed, and the full ones
   * drawn again, unless `windowOnly`: only which groups are full changed (one drawn ahead or put away), so the full
   * groups already drawn are as they were (drawing them all again cost each group drawn ahead 10–15 ms).
   */
  update(groups: readonly TurnGroup[], windowOnly = false): void {
    const drawn = new Map<string, Drawn>();
    const elements: HTMLElement[] = [];
    const drawnInFull: HTMLElement[] = [];
    for (const group of groups) {
      const before = this.#drawn.get(group.key);
      const item = this.#draw(group, before, windowOnly);
      // Drawn the other way now: its new element takes the old one's place (see #place).
      if (before && before.element !== item.element) before.element.remove();
      drawn.set(group.key, item);
      elements.push(item.element);
      if (item.full) drawnInFull.push(item.element);
    }
    for (const [key, item] of this.#drawn) if (!drawn.has(key)) item.element.remove();
    this.#drawn = drawn;
    this.elements = elements;
    this.drawnInFull = drawnInFull;
    this.#place(elements);
    this.#settleSoon();
  }

  /**
   * Put the elements in pages of PAGE, in order, moving only those not already where they belong. Pages, not one
   * flat list: a reply growing in the last group has the browser lay out and paint the list's few pages and the
   * last page's groups, instead of walking every group of a long history each frame.
   */
  #place(elements: readonly HTMLElement[]): void {
    const pages = Math.ceil(elements.length / PAGE);
    for (let index = 0; index < pages; index++) {
      let page = this.#pages[index];
      if (!page) {
        page = document.createElement('div');
        page.className = 'page';
        this.element.append(page);
        this.#pages.push(page);
      }
      let cursor = page.firstChild;
      for (const element of elements.slice(index * PAGE, (index + 1) * PAGE)) {
        if (element === cursor) cursor = cursor.nextSibling;
        else page.insertBefore(element, cursor);
      }
      // What is left belongs to a later page (a group came in above it), which takes it when it is placed.
      while (cursor) {
        const next = cursor.nextSibling;
        cursor.remove();
        cursor = next;
      }
    }
    for (const page of this.#pages.splice(pages)) page.remove();
  }

  /** The group's element as it should be now: the same one while it stays full or stays a stand-in. */
  #draw(group: TurnGroup, before: Drawn | undefined, windowOnly: boolean): Drawn {
    const full = this.#options.isFull(group.key);
    if (before && before.full === full) {
      // A stand-in's group is finished: nothing of it changes. A full group is drawn again (Lit diffs it).
      if (full && !windowOnly) render(this.#options.full(group), before.element, { host: this.#options.host });
      return before;
    }
    const element = document.createElement('div');
    element.dataset['key'] = group.key;
    if (full) {
      element.className = 'group';
      render(this.#options.full(group), element, { host: this.#options.host });
    } else {
      // Fresh: skipped by layout at first, so a long history paints at once, then laid out a few at a time when the
      // page is idle (see #settle), because a skipped element is also left out of the accessibility tree. Skipped
      // by `hidden=until-found` (content-visibility: hidden, which find-in-page still reveals) rather than by
      // content-visibility: auto, whose per-frame visibility checks over a thousand stand-ins made every frame of
      // a reply streaming below them dearer; a stand-in near the viewport is drawn in full anyway (HistoryWindow).
      element.className = 'group later fresh';
      element.setAttribute('hidden', 'until-found');
      this.#fresh.push(element);
      const text = groupText(group);
      element.textContent = text;
      const height = this.#options.heightOf(group.key);
      // Set through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' allows.
      if (height !== undefined) element.style.height = `${height}px`;
      element.style.setProperty('contain-intrinsic-size', `auto ${height ?? estimatedHeight(group, text)}px`);
    }
    return { element, full };
  }

  #settleSoon(): void {
    if (this.#settling || this.#fresh.length === 0) return;
    this.#settling = true;
    inIdlePeriod((idle) => this.#settle(idle), SETTLE_TIMEOUT_MS);
  }

  /**
   * Lay out the freshest stand-ins (those nearest the end, which a reader meets first), a few at a time while the
   * idle period lasts, each few laid out there and then: left to the next frame, a batch's layout (13–18 ms for 40)
   * fell in a frame of the reader's scroll.
   */
  #settle(idle: IdleTime): void {
    this.#settling = false;
    if (this.#options.busy()) {
      this.#settling = true;
      setTimeout(() => {
        this.#settling = false;
        this.#settleSoon();
      }, SETTLE_RETRY_MS);
      return;
    }
    // A few ms a period, however long it is: a reader may start to scroll in the middle of one.
    const until = performance.now() + SETTLE_SLICE_MS;
    do {
      for (let count = 0; count < SETTLE_STEP && this.#fresh.length > 0; count++) {
        const element = this.#fresh.pop()!;
        element.classList.remove('fresh');
        element.removeAttribute('hidden');
      }
      void this.element.offsetHeight;
    } while (this.#fresh.length > 0 && (idle.didTimeout || idle.timeRemaining() > SETTLE_MIN_MS) && performance.now() < until);
    this.#settleSoon();
  }

}

/** Groups a page holds (see #place). */
const PAGE = 32;

/** Stand-ins laid out at a time in an idle period: 1–2 ms of layout. */
const SETTLE_STEP = 6;
/** Less of the idle period left than this (ms), and the rest waits for the next. */
const SETTLE_MIN_MS = 4;
/** The most an idle period gives settling (ms). */
const SETTLE_SLICE_MS = 8;
/** A page never idle settles its stand-ins anyway, a few at a time, this often (ms). */
const SETTLE_TIMEOUT_MS = 1000;
/** How often a settle that waits for a reply to end looks again. */
const SETTLE_RETRY_MS = 250;

/** A stand-in never drawn yet: its height guessed from its text (about 60 characters a line). */
function estimatedHeight(group: TurnGroup, text: string): number {
  const lines = text
    .split('\n\n')
    .reduce((sum, paragraph) => sum + Math.max(1, Math.ceil(paragraph.length / 60)), 0);
  return 40 + lines * 22 + group.steps.length * 12;
}
