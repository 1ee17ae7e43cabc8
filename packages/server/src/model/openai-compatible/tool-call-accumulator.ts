import type { ChatToolCallDelta } from './chat-completions-types.js';
import { generatedToolCallId } from './tool-call-id.js';

export interface AccumulatedCall {
  id: string;
  name: string;
  /** The argument pieces joined: JSON text once the call is complete. */
  arguments: string;
}

interface Slot {
  id: string | undefined;
  /** The id its input pieces were reported under, when they came before any id did: the call keeps it. */
  streamId?: string;
  name: string;
  arguments: string;
}

/** A piece of one call's arguments, under the id and name the whole call will have. */
export interface ArgumentsPiece {
  id: string;
  name: string;
  delta: string;
}

/**
 * Joins streamed tool-call pieces into whole calls. A piece names its call by `index`; the id and name come in the
 * first piece only. Servers that get this wrong are common enough to handle: Ollama has sent every call with
 * `index: 0` (a new id then means a new call) and some servers send no index at all (then the id, or else the
 * latest call, decides).
 */
export class ToolCallAccumulator {
  readonly #calls: Slot[] = [];
  /** The call that pieces with this index currently extend. */
  readonly #byIndex = new Map<number, Slot>();

  get size(): number {
    return this.#calls.length;
  }

  /** Adds a piece; returns the arguments it added, if any, so they can be shown as they stream. */
  add(piece: ChatToolCallDelta): ArgumentsPiece | undefined {
    const id = typeof piece.id === 'string' && piece.id !== '' ? piece.id : undefined;
    const slot = this.#slotFor(piece.index, id);
    if (id !== undefined) slot.id ??= id;
    const name = piece.function?.name;
    // The name is whole in its piece; a server that repeats it in later pieces must not make it longer.
    if (typeof name === 'string' && name !== '' && slot.name === '') slot.name = name;
    const args = piece.function?.arguments;
    if (typeof args !== 'string' || args === '') return undefined;
    slot.arguments += args;
    // A server that sends no ids gets one made up here, once, so the pieces and the call agree on it.
    return { id: slot.streamId ?? slot.id ?? (slot.streamId = generatedToolCallId()), name: slot.name, delta: args };
  }

  /** Every call so far, in the order they started, and forgets them. */
  take(): AccumulatedCall[] {
    const calls = this.#calls
      .splice(0)
      .map((slot) => ({ id: slot.streamId ?? slot.id ?? generatedToolCallId(), name: slot.name, arguments: slot.arguments }));
    this.#byIndex.clear();
    return calls;
  }

  #slotFor(index: number | undefined, id: string | undefined): Slot {
    if (typeof index === 'number') {
      const current = this.#byIndex.get(index);
      if (current && (id === undefined || current.id === undefined || current.id === id)) return current;
      const slot = this.#open();
      this.#byIndex.set(index, slot);
      return slot;
    }
    if (id !== undefined) return this.#calls.find((slot) => slot.id === id) ?? this.#open();
    return this.#calls.at(-1) ?? this.#open();
  }

  #open(): Slot {
    const slot: Slot = { id: undefined, name: '', arguments: '' };
    this.#calls.push(slot);
    return slot;
  }
}
