/** How long the copy button says what happened before it offers to copy again. */
const SHOWN_MS = 2000;
const timers = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();

/**
 * The copy button of a code block. It reads the code from the DOM at the moment of the click rather than
 * closing over a token, so a block still streaming copies what is on screen, and templates stay plain values.
 */
export function copyCode(event: Event): void {
  const button = event.currentTarget as HTMLButtonElement;
  const code = button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) {
    show(button, 'Copy failed', 'failed');
    return;
  }
  clipboard.writeText(code).then(
    () => show(button, 'Copied', 'copied'),
    () => show(button, 'Copy failed', 'failed'),
  );
}

// The label is set on the element directly: it is state of this one button for two seconds, and Lit never
// rewrites static template text, so a re-render of a growing block keeps it.
function show(button: HTMLButtonElement, label: string, state: string): void {
  button.textContent = label;
  button.dataset['state'] = state;
  clearTimeout(timers.get(button));
  timers.set(
    button,
    setTimeout(() => {
      button.textContent = 'Copy';
      delete button.dataset['state'];
    }, SHOWN_MS),
  );
}
