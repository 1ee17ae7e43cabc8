// What becomes of a trigger the gate accepted (trigger-gate.ts): a chunk of its own (chunks/trigger-queue.ts),
// loaded with a page's first trigger.
import type { Context } from '@agent-chat/protocol';
import { emit } from '../../events.js';
import type { SendOptions } from '../../context/conversation-context.js';
import type { TriggerGate, TriggerSource } from '../../conversation/trigger-gate.js';

/** How long after the user's last keystroke a low-priority trigger would interrupt them. */
export const TYPING_QUIET_MS = 4000;
/** How long a low-priority trigger waits for the element to be idle before it is dropped (with an event). */
export const TRIGGER_MAX_WAIT_MS = 60_000;

/** A low-priority trigger accepted while the element was busy, waiting to be sent. */
interface HeldTrigger {
  name: string;
  payload: unknown;
  text: string;
  options: SendOptions;
  /** When it is dropped if still waiting (Date.now() time). */
  until: number;
}

/** Whether a low-priority trigger would interrupt now: a reply, a queue, a card to answer, or the user typing. */
const waitsNow = (source: TriggerSource, now: number): boolean => {
  const state = source.state();
  const typed = source.lastTypedAt();
  return Boolean(state && (state.running || state.queued.length || state.pending.length)) || (typed !== undefined && now - typed < TYPING_QUIET_MS);
};

/**
 * Sends a trigger as a message, at once unless it is `low` and the element is busy. Those are held until it is idle,
 * then sent one at a time, each after the previous one's reply (they are the page's, not the user's: one at a time
 * keeps the user's own messages from waiting behind a pile of them). Woken by the end of every run, and by time: when
 * the user's typing goes quiet, or when a held trigger runs out of time and is dropped with
 * `agent-chat-trigger-dropped` (reason `expired`).
 */
export const triggerQueue = (host: HTMLElement, source: TriggerSource): TriggerGate => {
  const held: HeldTrigger[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    clearTimeout(timer);
    const now = Date.now();
    for (const trigger of held.filter((waiting) => waiting.until <= now)) {
      held.splice(held.indexOf(trigger), 1);
      emit(host, 'agent-chat-trigger-dropped', { name: trigger.name, payload: trigger.payload, reason: 'expired' });
    }
    if (held.length && !waitsNow(source, now)) {
      const next = held.shift()!;
      source.send(next.text, next.options);
    }
    if (!held.length) return;
    const typed = source.lastTypedAt();
    const quiet = typed === undefined ? now : typed + TYPING_QUIET_MS;
    const wake = Math.min(quiet > now ? quiet : Infinity, ...held.map((waiting) => waiting.until));
    timer = setTimeout(check, wake - now);
  };
  // After the run's own bookkeeping: its queue's next message goes first.
  host.addEventListener('agent-chat-run-finish', () => setTimeout(check));

  return (name, payload, options = {}, now = Date.now()) => {
    const context: Context = { trigger: { name, payload } };
    const trigger: HeldTrigger = {
      name,
      payload,
      text: options.text ?? (payload === undefined ? name : `${name}: ${JSON.stringify(payload)}`),
      options: { trigger: name, context, urgent: options.priority === 'high' },
      until: now + (options.maxWaitMs ?? TRIGGER_MAX_WAIT_MS),
    };
    // Waiting is for `low` alone: a `normal` one is sent now, and waits in the conversation's queue behind a reply.
    if (options.priority === 'low' && (held.length || waitsNow(source, Date.now()))) {
      held.push(trigger);
      check();
    } else {
      source.send(trigger.text, trigger.options);
    }
    return true;
  };
};
