export type TriggerPriority = 'low' | 'normal' | 'high';

/** How long after the user's last keystroke a low-priority trigger would interrupt them. */
export const TYPING_QUIET_MS = 4000;

export interface TriggerCheck {
  name: string;
  priority: TriggerPriority;
  /** A trigger of the same name within this many ms of the last one sent is dropped. */
  cooldownMs: number;
  now: number;
  /** A run is in flight. */
  busy: boolean;
  /** When the user last typed in the composer, if ever. */
  lastTypedAt: number | undefined;
}

/**
 * Which of the page's triggers (seed 004: "the user answered wrong", "a page was opened") become messages.
 * Each name has its own cooldown; a low-priority one never interrupts a reply or a user who is typing.
 */
export class TriggerGate {
  readonly #lastSent = new Map<string, number>();

  admit(check: TriggerCheck): boolean {
    const last = this.#lastSent.get(check.name);
    if (last !== undefined && check.now - last < check.cooldownMs) return false;
    if (check.priority === 'low') {
      const typing = check.lastTypedAt !== undefined && check.now - check.lastTypedAt < TYPING_QUIET_MS;
      if (check.busy || typing) return false;
    }
    this.#lastSent.set(check.name, check.now);
    return true;
  }

  reset(): void {
    this.#lastSent.clear();
  }
}
