import type { AgentChatAdapter, QuickAction } from '@agent-chat/element';
import type { Carousel } from '../server/carousel.js';
import type { EditorState } from './editor-state.js';

/**
 * What the chat learns from the page and gives back to it: the stage and the selected slide go with every
 * message; every state the server reports (a write tool, a command, an undo) re-renders the stage.
 */
export function slidesAdapter(state: EditorState): AgentChatAdapter {
  return {
    getContext: () => ({
      stage: state.stage,
      stageName: state.info.stages.find((stage) => stage.stage === state.stage)?.name,
      slideCount: state.carousel.slides.length,
      selectedSlide: state.selectedSlide,
    }),
    quickActions: () => quickActionsFor(state.stage, state.selectedSlide),
    onStateChange: (next) => state.accept(next as Carousel),
  };
}

/** Seed §4.1.1: two or three shortcuts for the current stage; typing stays the main way in. */
export function quickActionsFor(stage: number, selectedSlide: number | null): QuickAction[] {
  switch (stage) {
    case 1:
      return [
        { label: 'Fix repeated slide 2', text: 'slide 2 repeats slide 1, fix it' },
        selectedSlide
          ? { label: `Punchier slide ${selectedSlide}`, text: `make slide ${selectedSlide} more punchy` }
          : { label: 'Punchier slide 3', text: 'make slide 3 more punchy' },
        { label: 'Next stage', text: '/next' },
      ];
    case 2:
      return [
        { label: 'Propose styles', text: 'propose styles' },
        { label: 'Pick style 1', text: 'pick style 1' },
        { label: 'Next stage', text: '/next' },
      ];
    case 3:
      return [
        { label: 'Generate prompts', text: 'generate prompts' },
        { label: `Regenerate prompt ${selectedSlide ?? 1}`, text: `/regen prompt ${selectedSlide ?? 1}` },
        { label: 'Next stage', text: '/next' },
      ];
    case 4:
      return [
        { label: 'Generate images', text: 'generate images' },
        { label: `New image ${selectedSlide ?? 1}`, text: `/regen image ${selectedSlide ?? 1}` },
        { label: 'Next stage', text: '/next' },
      ];
    default:
      return [
        { label: 'Apply styles', text: 'apply styles' },
        { label: 'Export', text: 'export' },
        { label: 'Back', text: '/back' },
      ];
  }
}
