import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Groups drawn in full from the end when a history first shows: about a screen's worth, so nothing in view waits. */
const TAIL = 12;
/** A stand-in within this much of the viewport is drawn in full (one viewport's height above and below). */
const NEAR = '100% 0px';
/** A full group further than this from the viewport goes back to its stand-in. Wider than NEAR, so nothing flickers at the edge. */
const FAR = '300% 0px';

/**
 * Which groups of the conversation are drawn in full. A long history keeps only the groups near the viewport as
 * parts (bubbles, markdown, chips, cards); the others are one light element each that holds their plain text (see
 * message-list.ts), sized as they were last drawn, or estimated, so the scrollbar and scroll anchoring stay true.
 * Two IntersectionObservers on the list's scroller move groups between the two as the reader scrolls.
 */
export class HistoryWindow implements ReactiveController {
  /** Moves whenever a group changes between full and stand-in: the list renders its groups again then. */
  version = 0;
  readonly #host: ReactiveControllerHost & HTMLElement;
  /** Keys of the groups drawn in full. */
  readonly #full = new Set<string>();
  /** Keys of groups that were drawn in full and went back to stand-ins, with the height they had. */
  readonly #heights = new Map<string, number>();
  #observed = new WeakSet<Element>();
  #near: IntersectionObserver | undefined;
  #far: IntersectionObserver | undefined;
  /** What the window was last prepared for: another session, or another first group, starts from its tail again. */
  #conversation: string | undefined;
  /** The live group's key: it is never put away. */
  #last: string | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  /** Set when the groups on screen are not all watched (the list came back onto the page): watch them at its next update. */
  unwatched = true;

  hostConnected(): void {
    this.#observed = new WeakSet();
    this.unwatched = true;
    // Relative to the list itself, which is the scroller.
    this.#near = new IntersectionObserver((entries) => this.#onNear(entries), { root: this.#host, rootMargin: NEAR });
    this.#far = new IntersectionObserver((entries) => this.#onFar(entries), { root: this.#host, rootMargin: FAR });
  }

  hostDisconnected(): void {
    this.#near?.disconnect();
    this.#far?.disconnect();
    this.#near = this.#far = undefined;
  }

  /**
   * Called with the groups' keys before each render of them: a history seen for the first time (another session, a
   * reload) is drawn in full from its end, the rest as stand-ins. The last group is always full: it is live.
   */
  prepare(sessionId: string, groups: readonly { key: string }[]): void {
    const conversation = `${sessionId}\n${groups[0]?.key ?? ''}`;
    if (conversation !== this.#conversation) {
      this.#conversation = conversation;
      // The old groups' elements are gone: stop watching them (each group's element is watched from its first draw).
      this.#near?.disconnect();
      this.#far?.disconnect();
      this.#observed = new WeakSet();
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

  /** Watch the group elements the list has drawn (`[data-key]` children of its items), once each. */
  observe(groups: Iterable<Element>): void {
    this.unwatched = false;
    for (const element of groups) {
      if (this.#observed.has(element)) continue;
      this.#observed.add(element);
      this.#near?.observe(element);
      this.#far?.observe(element);
    }
  }

  #onNear(entries: IntersectionObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      const key = (entry.target as HTMLElement).dataset['key'];
      if (!entry.isIntersecting || key === undefined || this.#full.has(key)) continue;
      this.#full.add(key);
      changed = true;
    }
    if (changed) this.#changed();
  }

  #onFar(entries: IntersectionObserverEntry[]): void {
    // A list that is not laid out (a closed panel) has no viewport to be far from.
    if (this.#host.clientHeight === 0) return;
    let changed = false;
    for (const entry of entries) {
      const element = entry.target as HTMLElement;
      const key = element.dataset['key'];
      if (entry.isIntersecting || key === undefined || key === this.#last || !this.#full.has(key)) continue;
      // Where the keyboard is stays drawn, or the focus would be lost with the parts.
      if (element.matches(':focus-within')) continue;
      this.#heights.set(key, entry.boundingClientRect.height);
      this.#full.delete(key);
      changed = true;
    }
    if (changed) this.#changed();
  }

  #changed(): void {
    this.version++;
    this.#host.requestUpdate();
  }
}
