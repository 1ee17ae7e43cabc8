/** How long the copy button says what happened before it offers to copy again. */
const SHOWN_MS = 2000;

/**
 * The copy button of a code block. It reads the code from the DOM at the moment of the click rather than
 * closing over a token, so a block still streaming copies what is on screen, and templates stay plain values.
 * The label is set on the element directly: it is state of this one button for two seconds, and Lit never
 * rewrites static template text, so a re-render of a growing block keeps it.
 */
export async function copyCode(event: Event): Promise<void> {
  // The timer that puts the label back is kept on the button, so a second click restarts it.
  const button = event.currentTarget as HTMLButtonElement & { reset?: ReturnType<typeof setTimeout> };
  const labels = button.dataset;
  const label = (labels['label'] ??= button.textContent!);
  let state = 'copied';
  try {
    // No clipboard (an insecure context) throws here too.
    // Without the newline that ends the last line (the DOM keeps it, as CommonMark writes it).
    await navigator.clipboard.writeText(button.closest('.code-block')!.querySelector('code')!.textContent!.replace(/\n$/, ''));
  } catch {
    state = 'failed';
  }
  // The words are the strings table's, put on the button by render-blocks.ts (data-copied, data-failed).
  button.textContent = labels[state]!;
  labels['state'] = state;
  clearTimeout(button.reset);
  button.reset = setTimeout(() => {
    button.textContent = label;
    delete labels['state'];
  }, SHOWN_MS);
}
