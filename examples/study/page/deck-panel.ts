import { escapeHtml, inlineMarkdown } from './markdown.js';
import { restartAnimation } from './notes-panel.js';
import type { StudyState } from './study-state.js';
import type { Flashcard } from './study-types.js';

export interface DeckPanel {
  flash(cardId: string): void;
}

/** Seed 004's flashcardStruggle payload. */
export interface FlashcardStrugglePayload {
  cardId: string;
  term: string;
  againCount: number;
  /** The card's interval in days before "Again" reset it. */
  lastInterval: number;
}

/** A card marked "Again" this many times in a row is a struggle the agent hears about. */
export const STRUGGLE_AFTER = 3;

/** What one review answer does to a card: "Again" resets its interval and counts a miss, "Got it" doubles it. */
export function reviewed(card: Flashcard, answer: 'again' | 'good'): Flashcard {
  if (answer === 'good') return { ...card, againCount: 0, interval: Math.max(1, (card.interval ?? 0) * 2) };
  return { ...card, againCount: (card.againCount ?? 0) + 1, interval: 0 };
}

/**
 * The flashcard deck of the open document: every card, newest last. The learner reviews a card with Again or Got it
 * (a small spaced-repetition step), or deletes it; a card missed STRUGGLE_AFTER times in a row is reported.
 */
export function renderDeck(root: HTMLElement, state: StudyState, onStruggle: (payload: FlashcardStrugglePayload) => void): DeckPanel {
  root.innerHTML = `<header class="panel-head"><h2>Flashcards</h2><span class="count"></span></header><ol class="cards"></ol>`;
  const list = root.querySelector<HTMLOListElement>('.cards')!;

  const draw = () => {
    const cards = state.workspace.flashcards;
    root.querySelector('.count')!.textContent = `${cards.length} card${cards.length === 1 ? '' : 's'}`;
    list.innerHTML = cards.length
      ? cards
          .map((card) => {
            const term = escapeHtml(card.term);
            const missed = card.againCount ? `<span class="missed">missed ${card.againCount}×</span>` : '';
            return `<li class="card" data-card="${escapeHtml(card.id)}">
              <div class="term">${inlineMarkdown(card.term)}</div>
              <div class="definition">${inlineMarkdown(card.definition)}</div>
              <div class="card-foot">
                <span>${card.sourcePageNumber ? `p. ${card.sourcePageNumber}` : ''} ${missed}</span>
                <span class="review">
                  <button type="button" data-review="again" aria-label="Again: I did not know ${term}">Again</button>
                  <button type="button" data-review="good" aria-label="Got it: I knew ${term}">Got it</button>
                  <button type="button" class="delete" aria-label="Delete card ${term}">Delete</button>
                </span>
              </div>
            </li>`;
          })
          .join('')
      : '<li class="empty">No cards yet. Ask the agent to “make flashcards from this page”.</li>';
  };
  list.addEventListener('click', async (event) => {
    const target = event.target as HTMLElement;
    const id = target.closest<HTMLElement>('[data-card]')?.dataset.card;
    const card = state.workspace.flashcards.find((c) => c.id === id);
    if (!card) return;
    if (target.closest('.delete')) {
      await state.update({ flashcards: state.workspace.flashcards.filter((c) => c.id !== card.id) });
      return;
    }
    const answer = target.closest<HTMLElement>('[data-review]')?.dataset.review;
    if (answer !== 'again' && answer !== 'good') return;
    const next = reviewed(card, answer);
    await state.update({ flashcards: state.workspace.flashcards.map((c) => (c.id === card.id ? next : c)) });
    if (answer === 'again' && next.againCount! >= STRUGGLE_AFTER) {
      onStruggle({ cardId: card.id, term: card.term, againCount: next.againCount!, lastInterval: card.interval ?? 0 });
    }
  });

  state.on('document', draw);
  state.on('workspace', draw);
  draw();

  return {
    flash(cardId) {
      const el = list.querySelector<HTMLElement>(`[data-card="${CSS.escape(cardId)}"]`);
      if (!el) return;
      restartAnimation(el, 'flash');
      el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
  };
}
