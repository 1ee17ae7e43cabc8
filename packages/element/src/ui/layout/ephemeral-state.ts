/**
 * Seed 002's ephemeral output panel, as the seed writes it:
 *
 *   HIDDEN  → (user sends message)               → VISIBLE
 *   VISIBLE → (stream active)                    → VISIBLE (reset timer)
 *   VISIBLE → (5s inactivity)                    → HIDDEN
 *   VISIBLE → (user clicks panel)                → PINNED
 *   PINNED  → (user clicks away or dismiss button) → HIDDEN
 *   HIDDEN  → (user clicks "Show output")        → PINNED
 *
 * Any other event leaves the state as it is.
 */
export type EphemeralState = 'HIDDEN' | 'VISIBLE' | 'PINNED';

export type EphemeralEvent =
  | 'send' // the user sent a message
  | 'activity' // the stream delivered something
  | 'timeout' // the inactivity timer ran out
  | 'press-panel' // the user clicked (or moved focus into) the panel
  | 'dismiss' // the user clicked away, or the dismiss button
  | 'show-output'; // the user clicked "Show output"

/** The default inactivity before the panel hides. */
export const DEFAULT_HIDE_AFTER_MS = 5000;

export function nextEphemeralState(state: EphemeralState, event: EphemeralEvent): EphemeralState {
  switch (state) {
    case 'HIDDEN':
      if (event === 'send') return 'VISIBLE';
      if (event === 'show-output') return 'PINNED';
      return state;
    case 'VISIBLE':
      if (event === 'timeout') return 'HIDDEN';
      if (event === 'press-panel') return 'PINNED';
      return state;
    case 'PINNED':
      return event === 'dismiss' ? 'HIDDEN' : state;
  }
}

/**
 * Whether the inactivity timer should (re)start after this event: in VISIBLE, each event that counts as
 * activity resets it. The pointer resting on the panel counts as the user's interaction, so the caller holds
 * the timer while it is there.
 */
export function restartsTimer(state: EphemeralState, event: EphemeralEvent): boolean {
  return state === 'VISIBLE' && (event === 'send' || event === 'activity');
}
