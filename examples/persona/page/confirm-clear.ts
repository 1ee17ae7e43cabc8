/**
 * Clear asks first (issue #20): forgetting a conversation cannot be undone, so both Clear buttons, the page's own and
 * the one the page puts in the output panel's header, open this modal. Cancel (or Escape, or a click outside the
 * box) keeps the conversation; only "Clear conversation" calls the element's clear().
 */
export function confirmClear(options: { personaName(): string; clear(): Promise<void> }): { ask(): void } {
  const dialog = document.getElementById('confirm-clear') as HTMLDialogElement;
  const name = dialog.querySelector<HTMLElement>('[data-persona-name]')!;

  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'clear') void options.clear();
  });
  // A click on the backdrop lands on the dialog itself, outside its form: the same as Cancel.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close('cancel');
  });

  return {
    ask() {
      name.textContent = options.personaName();
      dialog.returnValue = '';
      dialog.showModal();
    },
  };
}
