// Loads the cards chunk (cards.ts) once, the first time a turn is to draw a card or the Undo bar.
let loading: Promise<void> | undefined;
let ready = false;

/** Resolves once the card elements are defined. A failed load (the chunk unreachable) is tried again next time. */
export function loadCards(): Promise<void> {
  loading ??= import('./cards.js').then(
    (cards) => {
      cards.defineCards();
      ready = true;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the card elements are defined, so a turn can draw them. */
export function cardsReady(): boolean {
  return ready;
}
