import { el } from './dom.js';
import type { EditorState } from './editor-state.js';

/** The pieces every stage view is made of. */

export function stageHeader(state: EditorState, ...actions: HTMLElement[]): HTMLElement {
  const info = state.info.stages.find((stage) => stage.stage === state.stage);
  return el(
    'header',
    { class: 'stage-head' },
    el('div', {}, el('h2', {}, `${state.stage}. ${info?.name ?? ''}`), el('p', { class: 'muted' }, info?.summary ?? '')),
    el('div', { class: 'stage-actions' }, ...actions),
  );
}

/** A button that runs a stage action; while it runs it says so and only it is disabled (seed §3.7.1). */
export function actionButton(
  state: EditorState,
  label: string,
  action: string,
  options: { input?: Record<string, unknown>; key?: string; primary?: boolean; title?: string } = {},
): HTMLButtonElement {
  const key = options.key ?? action;
  const busy = state.running.has(key);
  return el(
    'button',
    {
      type: 'button',
      class: options.primary ? 'primary' : undefined,
      'data-action': action,
      disabled: busy,
      'aria-busy': busy ? 'true' : undefined,
      title: options.title,
      onclick: () => void state.runAction(action, options.input, key),
    },
    busy ? el('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
    busy ? 'Working…' : label,
  );
}

export function emptyNote(text: string): HTMLElement {
  return el('p', { class: 'empty' }, text);
}
