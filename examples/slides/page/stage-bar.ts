import { el } from './dom.js';
import type { EditorState } from './editor-state.js';

/**
 * The stage indicator. Seed §3.7.2: never disabled, whatever runs in the chat or on the page; a stage with an
 * action still running shows a dot, so leaving it mid-generation is visibly safe.
 */
export function renderStageBar(state: EditorState): HTMLElement {
  const busyStages = new Set(
    [...state.running].map((key) => state.info.stages.find((stage) => stage.actions.includes(key.split(':')[0]!))?.stage),
  );
  return el(
    'ol',
    { class: 'stage-bar', 'aria-label': 'Stages' },
    ...state.info.stages.map((stage) =>
      el(
        'li',
        {},
        el(
          'button',
          {
            type: 'button',
            class: 'stage',
            'data-stage': stage.stage,
            'aria-current': stage.stage === state.stage ? 'step' : undefined,
            title: stage.summary,
            // On phones only the current stage shows its name; the others keep it for assistive technology.
            'aria-label': `Stage ${stage.stage}: ${stage.name}`,
            onclick: () => state.goToStage(stage.stage),
          },
          el('span', { class: 'stage-number' }, String(stage.stage)),
          el('span', { class: 'stage-name' }, stage.name),
          busyStages.has(stage.stage) && el('span', { class: 'busy-dot', title: 'Working…' }),
        ),
      ),
    ),
  );
}
