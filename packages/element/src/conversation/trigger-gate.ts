import { emit, type TriggerDroppedDetail } from '../events.js';
import { load } from '../features/registry.js';
import type { ConversationSnapshot, SendOptions } from '../context/conversation-context.js';

export type TriggerPriority = 'low' | 'normal' | 'high';

export interface TriggerOptions {
  /**
   * `low` waits while a reply streams, messages are queued, a card waits for an answer, or the user typed in the last
   * seconds, and is sent when that is over; `normal` is sent at once (queued behind a reply that streams); `high` goes
   * before queued messages.
   */
  priority?: TriggerPriority;
  /** Another trigger of this name within this many ms of the last one accepted is dropped. Default 0. */
  cooldownMs?: number;
  /** The message the agent reads; by default the name and the payload as JSON. */
  text?: string;
  /** How long a `low` trigger may wait for the element to be idle before it is dropped. Default 60,000. */
  maxWaitMs?: number;
}

/** What the gate reads of the element, and how it sends. */
export interface TriggerSource {
  /** The conversation now; undefined before it has loaded (then nothing is in flight). */
  state(): ConversationSnapshot | undefined;
  /** When the user last typed in the composer, if ever. */
  lastTypedAt(): number | undefined;
  send(text: string, options: SendOptions): void;
}

/** Sends, holds or drops one trigger; false when it was dropped (its cooldown). */
export type TriggerGate = (name: string, payload: unknown, options?: TriggerOptions, now?: number) => boolean;

/**
 * Which of the page's triggers (seed 004: "the user answered wrong", "a page was opened") become messages, and
 * when. Each name has its own cooldown, counted from the last one accepted; a trigger within it is dropped with
 * `agent-chat-trigger-dropped`, so the page can say so. The rest go to trigger-queue.ts, a chunk loaded with the
 * first trigger (a trigger needs the conversation's chunk anyway, and this keeps the first load small), which sends
 * them or holds the low-priority ones until the element is idle. No trigger is dropped silently.
 */
export const triggerGate = (host: HTMLElement, source: TriggerSource): TriggerGate => {
  const lastSent = new Map<string, number>();
  let queue: Promise<TriggerGate> | undefined;
  return (name, payload, options = {}, now = Date.now()) => {
    const drop = (reason: TriggerDroppedDetail['reason']) => emit(host, 'agent-chat-trigger-dropped', { name, payload, reason });
    if (now - (lastSent.get(name) ?? -Infinity) < (options.cooldownMs ?? 0)) {
      drop('cooldown');
      return false;
    }
    lastSent.set(name, now);
    (queue ??= load('trigger-queue', host).then(({ triggerQueue }) => triggerQueue(host, source))).then(
      (offer) => offer(name, payload, options, now),
      () => {
        // Its chunk did not load (the server is unreachable): dropped, and tried again with the next trigger.
        queue = undefined;
        drop('failed');
      },
    );
    return true;
  };
};
