import { el } from './dom.js';
import type { EditorState } from './editor-state.js';

/**
 * The settings modal (seed 000 §3.7.4): the language the slides are written in. A native <dialog>, so focus moves
 * into it, Escape cancels and the page behind is inert while it is open. Its button is never disabled, whatever runs
 * in the chat or on the page: saving is a metadata change, like a stage click.
 */
export function settingsDialog(state: EditorState): { open(): void } {
  const dialog = document.getElementById('settings') as HTMLDialogElement;
  const select = dialog.querySelector<HTMLSelectElement>('select[name="language"]')!;
  select.replaceChildren(...state.info.languages.map(({ code, name }) => el('option', { value: code }, name)));

  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'save' && select.value !== state.carousel.language) void state.saveSettings({ language: select.value });
  });

  return {
    open() {
      // What is saved now, whatever was picked and cancelled before.
      select.value = state.carousel.language;
      dialog.returnValue = '';
      dialog.showModal();
    },
  };
}
