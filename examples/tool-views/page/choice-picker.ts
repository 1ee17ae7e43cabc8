import type { ToolViewCall } from '@agent-chat/element';

interface ChoiceInput {
  question?: string;
  options?: { value?: string; label?: string }[];
}

/**
 * The page's view of a `choose_option` call (a client tool): the question and one button per option, drawn once as
 * a Node and kept up to date through `onUpdate`. The buttons work while the call waits for the user; a click answers
 * it with `respond(value)`, which the agent gets as the tool's result.
 */
export function choicePicker(first: ToolViewCall): Node {
  const box = document.createElement('fieldset');
  box.className = 'choice-picker';
  box.style.cssText = 'border:1px solid #d0d7de;border-radius:12px;padding:10px 14px;margin:0;max-width:26rem;background:#fff';
  const legend = document.createElement('legend');
  legend.style.cssText = 'font-weight:600;padding:0 4px';
  const buttons = document.createElement('div');
  buttons.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px';
  const note = document.createElement('p');
  note.style.cssText = 'margin:8px 0 0;color:#57606a;font-size:.9em';
  box.append(legend, buttons, note);
  let chosen: string | undefined;

  const show = (call: ToolViewCall) => {
    const input = (call.input ?? {}) as ChoiceInput;
    legend.textContent = input.question ?? '…';
    const open = call.status === 'waiting' && chosen === undefined;
    buttons.replaceChildren(
      ...(input.options ?? []).flatMap((option) => {
        if (!option.value || !option.label) return [];
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = option.label;
        button.disabled = !open;
        button.setAttribute('aria-pressed', String(chosen === option.value || call.result === option.value));
        button.style.cssText = 'font:inherit;padding:6px 14px;border-radius:999px;border:1px solid #0969da;background:#fff;color:#0969da;cursor:pointer';
        button.addEventListener('click', () => {
          chosen = option.value;
          call.respond?.(option.value);
          show(call);
        });
        return [button];
      }),
    );
    const answer = typeof call.result === 'string' ? call.result : chosen;
    note.textContent = answer ? `You chose ${answer}.` : call.status === 'waiting' ? 'Choose one to go on.' : '';
  };
  show(first);
  first.onUpdate(show);
  return box;
}
