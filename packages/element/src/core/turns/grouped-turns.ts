import type { PendingCall, Turn } from '@agent-chat/protocol';
import { toDisplayItems } from './display-items.js';
import type { ToolCatalog } from './tool-catalog.js';
import { groupTurns, type TurnGroup } from './turn-steps.js';

/** What the list needs to know of the conversation to group it (a ConversationSnapshot is one). */
export interface GroupSource {
  readonly turns: readonly Turn[];
  readonly settledVersion: number;
  readonly lastUserIndex: number;
  readonly running: boolean;
}

/**
 * The conversation's turns grouped for drawing, kept between events: the groups before the last user message
 * (finished) are grouped once and kept for as long as nothing before that message changes; only the live group,
 * from the last user message on, is grouped again per event. So a streamed event costs the size of the live
 * group, not of the history.
 *
 * `groups` is a new array only when the list's shape changes (a group added or removed, the live group getting
 * its first step, a finished group drawn differently); otherwise the same array comes back with its last slot
 * holding the new live group, and `reshaped` is false: the caller then only has to hand the live group over.
 */
export class GroupedTurns {
  groups: TurnGroup[] = [];
  reshaped = true;
  #finished: TurnGroup[] = [];
  /** The finished groups cover turns[0, #upTo). */
  #upTo = 0;
  #turns: readonly Turn[] | undefined;
  #settled = -1;
  #tools: ToolCatalog | undefined;
  /** How many groups grouped: for tests, which count that a streamed event regroups no finished turn. */
  regrouped = 0;

  update(
    source: GroupSource,
    tools: ToolCatalog,
    pending: readonly PendingCall[],
    known: ReadonlyMap<string, PendingCall>,
  ): TurnGroup | undefined {
    const { turns } = source;
    let reshaped = false;
    if (turns !== this.#turns || source.settledVersion !== this.#settled || tools !== this.#tools) {
      this.#turns = turns;
      this.#settled = source.settledVersion;
      this.#tools = tools;
      this.#finished = [];
      this.#upTo = 0;
      reshaped = true;
    }
    const boundary = Math.max(source.lastUserIndex, 0);
    if (boundary > this.#upTo) {
      // The groups that ended since (normally the one the new message follows), grouped as finished.
      const ended = this.#group(turns.slice(this.#upTo, boundary), false, [], tools, known);
      this.#finished = this.#finished.concat(ended);
      this.#upTo = boundary;
      reshaped = true;
    }
    const live = this.#group(turns.slice(boundary), source.running, pending, tools, known)[0];
    const previous = this.groups.length > this.#finished.length ? this.groups[this.groups.length - 1] : undefined;
    if (reshaped || live?.key !== previous?.key || !live?.steps.length !== !previous?.steps.length) {
      this.groups = live ? [...this.#finished, live] : this.#finished.slice();
      reshaped = true;
    } else if (live) {
      this.groups[this.groups.length - 1] = live;
    }
    this.reshaped = reshaped;
    return live;
  }

  #group(
    turns: readonly Turn[],
    running: boolean,
    pending: readonly PendingCall[],
    tools: ToolCatalog,
    known: ReadonlyMap<string, PendingCall>,
  ): TurnGroup[] {
    const groups = groupTurns(toDisplayItems(turns, running, pending), { tools, pending, known });
    this.regrouped += groups.length;
    return groups;
  }
}
