import { renderMarkdown } from './markdown.js';
import type { StudyState } from './study-state.js';

export interface NotesPanel {
  /** Flash the blocks that hold the characters from..to of the notes: what the agent just changed. */
  flash(from: number, to: number): void;
}

/** The learner's notes: rendered markdown, editable by hand (saved as they type), and changed by the agent's tools. */
export function renderNotes(root: HTMLElement, state: StudyState): NotesPanel {
  root.innerHTML = `
    <header class="panel-head"><h2>Notes</h2><button type="button" class="toggle">Edit</button></header>
    <div class="notes-view"></div>
    <textarea class="notes-source" hidden aria-label="Notes (markdown)"></textarea>`;
  const view = root.querySelector<HTMLElement>('.notes-view')!;
  const source = root.querySelector<HTMLTextAreaElement>('.notes-source')!;
  const toggle = root.querySelector<HTMLButtonElement>('.toggle')!;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  const draw = () => {
    const notes = state.workspace.notes;
    view.innerHTML = notes.trim() ? renderMarkdown(notes) : '<p class="empty">No notes yet. Write some, or ask the agent.</p>';
    if (source.value !== notes && document.activeElement !== source) source.value = notes;
  };
  toggle.addEventListener('click', () => {
    const editing = source.hidden;
    source.hidden = !editing;
    view.hidden = editing;
    toggle.textContent = editing ? 'Done' : 'Edit';
    if (editing) {
      source.value = state.workspace.notes;
      source.focus();
    } else {
      void save();
    }
  });
  const save = async () => {
    clearTimeout(saveTimer);
    if (source.value !== state.workspace.notes) await state.update({ notes: source.value });
  };
  source.addEventListener('input', () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save(), 500);
  });

  state.on('document', draw);
  state.on('workspace', draw);
  draw();

  return {
    flash(from, to) {
      const notes = state.workspace.notes;
      const first = notes.slice(0, from).split('\n').length - 1;
      const last = notes.slice(0, Math.max(from, to - 1)).split('\n').length - 1;
      const touched = [...view.querySelectorAll<HTMLElement>('[data-from]')].filter((el) => Number(el.dataset.from) <= last && Number(el.dataset.to) >= first);
      for (const el of touched) restartAnimation(el, 'flash');
      touched[0]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
  };
}

export function restartAnimation(el: HTMLElement, className: string): void {
  el.classList.remove(className);
  void el.offsetWidth; // reflow, so the same animation can play again
  el.classList.add(className);
}
