import { escapeHtml, inlineMarkdown } from './markdown.js';
import { restartAnimation } from './notes-panel.js';
import type { StudyState } from './study-state.js';

export interface DeckPanel {
  flash(cardId: string): void;
}

/** The flashcard deck of the open document: every card, newest last; the learner may delete one by hand. */
export function renderDeck(root: HTMLElement, state: StudyState): DeckPanel {
  root.innerHTML = `<header class="panel-head"><h2>Flashcards</h2><span class="count"></span></header><ol class="cards"></ol>`;
  const list = root.querySelector<HTMLOListElement>('.cards')!;

  const draw = () => {
    const cards = state.workspace.flashcards;
    root.querySelector('.count')!.textContent = `${cards.length} card${cards.length === 1 ? '' : 's'}`;
    list.innerHTML = cards.length
      ? cards
          .map(
            (card) => `<li class="card" data-card="${escapeHtml(card.id)}">
              <div class="term">${inlineMarkdown(card.term)}</div>
              <div class="definition">${inlineMarkdown(card.definition)}</div>
              <div class="card-foot">${card.sourcePageNumber ? `<span>p. ${card.sourcePageNumber}</span>` : '<span></span>'}<button type="button" class="delete" aria-label="Delete card ${escapeHtml(card.term)}">Delete</button></div>
            </li>`,
          )
          .join('')
      : '<li class="empty">No cards yet. Ask the agent to “make flashcards from this page”.</li>';
  };
  list.addEventListener('click', (event) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>('.delete')?.closest<HTMLElement>('[data-card]')?.dataset.card;
    if (id) void state.update({ flashcards: state.workspace.flashcards.filter((card) => card.id !== id) });
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
