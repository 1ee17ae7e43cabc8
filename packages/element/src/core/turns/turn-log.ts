import type { Turn } from '@agent-chat/protocol';

/**
 * The conversation's turns, held so that a streamed event costs the same with 10 turns or 10,000: one array,
 * changed in place (a delta replaces one turn object; turn objects themselves are never mutated), an index of
 * ids, and counters that tell the renderer what changed without it comparing the list:
 * - `version` moves on every change;
 * - `settled` moves only when something before the last user message changes (or the array is replaced), so
 *   the groups drawn for the finished turns can be kept while it stands still.
 * A reset (clear, another session, a reloaded history) hands out a new array, so a caller that kept the old
 * one keeps what it saw.
 */
export class TurnLog {
  turns: Turn[] = [];
  version = 0;
  settled = 0;
  /** Index of the last user turn, -1 if none: where the live group starts. */
  lastUser = -1;
  /**
   * The user's messages whose send failed before the server took them (run-turn.ts): shown, with their error, but
   * no run of the server's answers them, so a run's turns go before them (`runEnd`).
   */
  readonly unsent = new Set<string>();
  #index = new Map<string, number>();

  constructor(turns: readonly Turn[] = []) {
    this.reset(turns);
  }

  reset(turns: readonly Turn[]): void {
    this.turns = turns.slice();
    this.#reindex();
    for (const id of this.unsent) if (!this.#index.has(id)) this.unsent.delete(id);
    this.version++;
    this.settled++;
  }

  /** The index of the last turn with this id, or -1. */
  indexOf(id: string): number {
    return this.#index.get(id) ?? -1;
  }

  at(index: number): Turn | undefined {
    return this.turns[index];
  }

  get last(): Turn | undefined {
    return this.turns[this.turns.length - 1];
  }

  push(turn: Turn): void {
    const index = this.turns.push(turn) - 1;
    this.#index.set(turn.id, index);
    if (turn.type === 'user') this.lastUser = index;
    this.version++;
  }

  /** Replaces the turn at `index` (its id may change: a local message renamed to the stored id). */
  set(index: number, turn: Turn): void {
    const old = this.turns[index]!;
    this.turns[index] = turn;
    if (old.id !== turn.id) {
      if (this.#index.get(old.id) === index) this.#index.delete(old.id);
      this.#index.set(turn.id, Math.max(index, this.#index.get(turn.id) ?? -1));
    }
    // A new kind of turn at a user turn's place moves a group boundary: rare, so everything is looked at again.
    if (old.type !== turn.type && (old.type === 'user' || turn.type === 'user')) {
      this.#reindex();
      this.settled++;
    } else if (index < this.lastUser) this.settled++;
    this.version++;
  }

  /**
   * Where a run's new turns go: at the end, unless the conversation ends with messages of the user's that never
   * reached the server (`unsent`). No run answers those, so what a run adds (one picked up again after a confirmation
   * answered following a failed message) continues the turn before them, and goes before them, where a reload will
   * show it too.
   */
  get runEnd(): number {
    const last = this.turns[this.lastUser];
    if (!last || !this.unsent.has(last.id)) return this.turns.length;
    let first = this.lastUser;
    for (let index = first - 1; index >= 0; index--) {
      const earlier = this.turns[index]!;
      if (earlier.type !== 'user') continue;
      if (!this.unsent.has(earlier.id)) break;
      first = index;
    }
    return first;
  }

  /** A turn of the run's at `at` (by default `runEnd`): appended, or put in before the messages that never went. */
  addToRun(turn: Turn, at = this.runEnd): void {
    if (at >= this.turns.length) this.push(turn);
    else this.insert(at, turn);
  }

  /** Puts a turn in at `index` (rare: a result the server stores before the last user message), so the index is rebuilt. */
  insert(index: number, turn: Turn): void {
    this.turns.splice(index, 0, turn);
    this.#reindex();
    this.version++;
    this.settled++;
  }

  /** Takes one turn out (rare: a "Reconnecting…" line): everything after it moves, so the index is rebuilt. */
  remove(turn: Turn): void {
    const index = this.turns.lastIndexOf(turn);
    if (index < 0) return;
    const before = this.lastUser;
    this.turns.splice(index, 1);
    this.#reindex();
    this.version++;
    if (index <= before) this.settled++;
  }

  #reindex(): void {
    this.#index = new Map();
    this.lastUser = -1;
    this.turns.forEach((turn, index) => {
      this.#index.set(turn.id, index);
      if (turn.type === 'user') this.lastUser = index;
    });
  }
}
