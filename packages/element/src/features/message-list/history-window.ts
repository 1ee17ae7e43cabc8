/** Groups drawn in full from the end when a history first shows: about a screen's worth, so nothing in view waits. */
const TAIL = 6;
/** A stand-in within this many viewport heights of the viewport is drawn in full. */
const NEAR = 1;
/**
 * A stand-in within this many viewport heights of the viewport is drawn ahead of need, in idle time (draw-ahead.ts).
 * Under FAR, so a group drawn ahead is not put away again.
 */
const AHEAD = 3;
/** A full group further than this many viewport heights away goes back to its stand-in. Wider than NEAR, so nothing flickers at the edge. */
const FAR = 4;

/**
 * Which groups of the conversation are drawn in full. A long history keeps only the groups near the viewport as
 * parts (bubbles, markdown, chips, cards); the others are one light element each that holds their plain text (see
 * group-list.ts), sized as they were last drawn, or estimated, so the scrollbar and scroll anchoring stay true.
 *
 * Checked by the list after it scrolls or updates, by geometry: a binary search for the groups around the viewport
 * and a look at the few drawn in full, so the cost does not grow with the history. (Two IntersectionObservers on every
 * group did the same job, but cost each frame of a streamed reply work in proportion to the history: measured, about
 * a third more main-thread time streaming into 1,000 messages.)
 */
export class HistoryWindow {
  /** Moves whenever a group changes between full and stand-in: the list renders its groups again then. */
  version = 0;
  readonly #scroller: HTMLElement;
  /** Keys of the groups drawn in full. */
  readonly #full = new Set<string>();
  /** Keys of groups that were drawn in full and went back to stand-ins, with the height they had. */
  readonly #heights = new Map<string, number>();
  /** What the window was last prepared for: another session, or another first group, starts from its tail again. */
  #conversation: string | undefined;
  /** The live group's key: it is never put away. */
  #last: string | undefined;

  /** `scroller`: the element that scrolls the groups (the list itself). */
  constructor(scroller: HTMLElement) {
    this.#scroller = scroller;
  }

  /**
   * Called with the groups before each drawing of them: a history seen for the first time (another session, a
   * reload) is drawn in full from its end, the rest as stand-ins. The last group is always full: it is live.
   */
  prepare(sessionId: string, groups: readonly { key: string }[]): void {
    const conversation = `${sessionId}\n${groups[0]?.key ?? ''}`;
    if (conversation !== this.#conversation) {
      this.#conversation = conversation;
      this.#full.clear();
      this.#heights.clear();
      for (const group of groups.slice(-TAIL)) this.#full.add(group.key);
    }
    this.#last = groups[groups.length - 1]?.key;
    if (this.#last !== undefined) this.#full.add(this.#last);
  }

  isFull(key: string): boolean {
    return this.#full.has(key);
  }

  /** The height a stand-in should keep: the group's own, if it was drawn; otherwise undefined (estimate it). */
  heightOf(key: string): number | undefined {
    return this.#heights.get(key);
  }

  /**
   * Look where the viewport is among the group elements (`elements`, in order, each with `data-key`; `drawnInFull`,
   * those drawn in full): stand-ins near it are to be drawn in full, full groups far from it put away. Returns whether anything changed (the list then redraws).
   * `keepFar`: far groups stay for now: in a frame (putting away waits for idle time, draw-ahead.ts), or while the
   * reader scrolls (each put away costs what a group drawn does, and nothing is gained by it in the scroll's time).
   */
  check(elements: readonly HTMLElement[], drawnInFull: Iterable<HTMLElement>, keepFar = false): boolean {
    const viewport = this.#viewport(elements);
    if (!viewport) return false;
    const { view, viewTop, top } = viewport;
    let changed = false;

    // The first group whose bottom reaches the near range, then every group down to its end.
    for (let index = viewport.firstReaching(viewTop - NEAR * view); index < elements.length; index++) {
      const element = elements[index]!;
      if (top(element) > viewTop + (1 + NEAR) * view) break;
      const key = element.dataset['key'];
      if (key !== undefined && !this.#full.has(key)) {
        this.#full.add(key);
        changed = true;
      }
    }

    const origin = viewport.origin;
    for (const element of keepFar ? [] : drawnInFull) {
      const key = element.dataset['key'];
      if (key === undefined || key === this.#last || !this.#full.has(key)) continue;
      const box = element.getBoundingClientRect();
      const far = box.bottom - origin < viewTop - FAR * view || box.top - origin > viewTop + (1 + FAR) * view;
      // Where the keyboard is stays drawn, or the focus would be lost with the parts.
      if (!far || element.matches(':focus-within')) continue;
      this.#heights.set(key, box.height);
      this.#full.delete(key);
      changed = true;
    }
    if (changed) this.version++;
    return changed;
  }

  /**
   * The stand-in nearest the viewport within AHEAD viewport heights of it, to be drawn before the reader gets there
   * (drawAhead); undefined when every group that near is drawn.
   */
  nextAhead(elements: readonly HTMLElement[]): string | undefined {
    const viewport = this.#viewport(elements);
    if (!viewport) return undefined;
    const { view, viewTop, top, bottom } = viewport;
    let nearest: string | undefined;
    let distance = Infinity;
    for (let index = viewport.firstReaching(viewTop - AHEAD * view); index < elements.length; index++) {
      const element = elements[index]!;
      const elementTop = top(element);
      if (elementTop > viewTop + (1 + AHEAD) * view) break;
      const key = element.dataset['key'];
      if (key === undefined || this.#full.has(key)) continue;
      const away = Math.max(0, elementTop - (viewTop + view), viewTop - bottom(element));
      if (away < distance) {
        nearest = key;
        distance = away;
      }
    }
    return nearest;
  }

  /** Draws the group in full from the next render on (a stand-in nextAhead named). */
  drawAhead(key: string): void {
    if (this.#full.has(key)) return;
    this.#full.add(key);
    this.version++;
  }

  /** The viewport's geometry, in the list's scrolled coordinates; undefined for a list not laid out (a closed panel). */
  #viewport(elements: readonly HTMLElement[]) {
    const view = this.#scroller.clientHeight;
    if (view === 0 || elements.length === 0) return undefined;
    const viewTop = this.#scroller.scrollTop;
    const origin = this.#scroller.getBoundingClientRect().top - viewTop;
    const top = (element: HTMLElement) => element.getBoundingClientRect().top - origin;
    const bottom = (element: HTMLElement) => element.getBoundingClientRect().bottom - origin;
    /** The index of the first group whose bottom reaches `y` (a binary search: the groups are in order). */
    const firstReaching = (y: number) => {
      let low = 0;
      let high = elements.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (bottom(elements[middle]!) < y) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    return { view, viewTop, origin, top, bottom, firstReaching };
  }
}
