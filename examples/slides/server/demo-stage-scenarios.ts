import { FIRST_STAGE, isStage, LAST_STAGE, stageName, STAGES } from './carousel.js';
import { afterWrite, undoHint, type Play } from './demo-scenario.js';
import { field, findStep } from './demo-steps.js';
import type { SlidesRequest } from './demo-understand.js';

/** The demo model's plays for stages 2 to 5 and for moving between stages, and its answers about the session. */

type Of<K extends SlidesRequest['kind']> = Extract<SlidesRequest, { kind: K }>;

interface Proposal {
  index: number;
  name: string;
  description: string;
}

const THOUGHTS: Record<Of<'action'>['tool'], string> = {
  generate_slides: 'New slides from the draft replace the current ones.',
  generate_style_proposals: 'Three style proposals, drawn from the draft.',
  generate_prompts: 'One image prompt per slide, from its text and the selected style.',
  generate_images: 'One image per slide, from its prompt.',
  apply_styles: 'The selected style goes on every slide.',
  export_carousel: 'Exporting the finished carousel.',
};

/** One stage action, after a look at where the user is, so the thinking can say whether it is this stage's. */
export const stageAction: Play<Of<'action'>> = ({ tool }, steps) => {
  const stage = field<number>(findStep(steps, 'get_session_info'), 'current_stage');
  const here = field<string[]>(findStep(steps, 'get_session_info'), 'actions_in_this_stage') ?? [];
  return [
    [{ tool: 'get_session_info', input: {} }],
    [
      { thinking: here.includes(tool) ? THOUGHTS[tool] : `We're in stage ${stage ?? '?'}, which does not offer this; I'll try, and explain if it is refused.` },
      { tool, input: {} },
    ],
    afterWrite(findStep(steps, tool), (output) => {
      // An export changes nothing worth undoing: it hands over a file.
      if (typeof output.download === 'string') return `${String(output.done)} [Download the Markdown](${output.download}).`;
      return `${String(output.done)} ${undoHint}`;
    }),
  ];
};

export const styles: Play<Of<'styles'>> = (_, steps) => {
  const proposals = field<Proposal[]>(findStep(steps, 'get_style_proposals'), 'proposals') ?? [];
  const selected = field<number | null>(findStep(steps, 'get_style_proposals'), 'selected_index');
  return [
    [{ tool: 'get_style_proposals', input: {} }],
    [
      {
        text: proposals.length
          ? `${proposals.map((p) => `${p.index}. **${p.name}**: ${p.description}${p.index === selected ? ' (selected)' : ''}`).join('\n')}`
          : 'There are no style proposals yet. In stage 2, ask me to propose styles.',
      },
    ],
  ];
};

/** "Pick style 2", "go with the editorial one": by number, or by a name the proposals have. */
export const selectStyle: Play<Of<'select-style'>> = ({ style, name }, steps) => {
  const proposals = field<Proposal[]>(findStep(steps, 'get_style_proposals'), 'proposals') ?? [];
  const chosen = style ?? proposals.find((p) => p.name.toLowerCase() === name?.toLowerCase())?.index;
  return [
    [{ tool: 'get_style_proposals', input: {} }],
    chosen === undefined
      ? [{ text: `None of the proposals is called “${name}”. ${proposals.length ? `They are: ${proposals.map((p) => `${p.index}. ${p.name}`).join(', ')}.` : 'There are none yet.'}` }]
      : [
          { thinking: proposals.length ? `The proposals: ${proposals.map((p) => `${p.index}. ${p.name}`).join(', ')}. Selecting number ${chosen}.` : 'There are no proposals yet; selecting will say so.' },
          { tool: 'select_style', input: { style_index: chosen } },
        ],
    afterWrite(findStep(steps, 'select_style'), (output) => `${String(output.done)} Image prompts (stage 3) will start with “${String(output.shared_prompt_prefix)}”. ${undoHint}`),
  ];
};

export const restyleSlide: Play<Of<'restyle-slide'>> = ({ slide, style }, steps) => [
  [{ tool: 'update_slide_style', input: { slide_index: slide, style_index: style } }],
  afterWrite(findStep(steps, 'update_slide_style'), (output) => `${String(output.done)} ${undoHint}`),
];

export const regeneratePrompt: Play<Of<'regenerate-prompt'>> = ({ slide, instruction }, steps) => [
  [{ tool: 'regenerate_prompt', input: { slide_index: slide, ...(instruction ? { instruction } : {}) } }],
  afterWrite(findStep(steps, 'regenerate_prompt'), (output) => `The image prompt of slide ${slide} is now:\n\n> ${String(output.after)}\n\n${undoHint}`),
];

export const updatePrompt: Play<Of<'update-prompt'>> = ({ slide, prompt }, steps) => [
  [{ tool: 'update_prompt', input: { slide_index: slide, prompt } }],
  afterWrite(findStep(steps, 'update_prompt'), () => `Slide ${slide} has your image prompt now. ${undoHint}`),
];

export const regenerateImage: Play<Of<'regenerate-image'>> = ({ slide }, steps) => [
  [{ tool: 'regenerate_image', input: { slide_index: slide } }],
  afterWrite(findStep(steps, 'regenerate_image'), (output) => `${String(output.done)} ${undoHint}`),
];

const NAVIGATION = { next: 'next_stage', back: 'previous_stage' } as const;

/** The navigation tools are offered only where they lead somewhere: refused, the edge of the stages is why. */
const EDGE = {
  next: `Stage ${LAST_STAGE} (${stageName(LAST_STAGE)}) is the last stage: there is none after it.`,
  back: `Stage ${FIRST_STAGE} (${stageName(FIRST_STAGE)}) is the first stage: there is none before it.`,
};

export const navigate: Play<Of<'navigate'>> = ({ to }, steps) => {
  const tool = typeof to === 'number' ? 'go_to_stage' : NAVIGATION[to];
  const step = findStep(steps, tool);
  if (typeof to !== 'number' && step?.isError && String(step.output).includes('Unknown tool')) {
    return [[{ tool, input: {} }], [{ text: EDGE[to] }]];
  }
  return [
    [{ tool, input: typeof to === 'number' ? { stage: to } : {} }],
    afterWrite(step, (output) => {
      const stage = Number(/stage (\d)/.exec(String(output.done))?.[1]);
      return `${String(output.done)}${isStage(stage) ? ` Here you ${STAGES[stage - 1]!.summary.charAt(0).toLowerCase()}${STAGES[stage - 1]!.summary.slice(1)}.` : ''}`;
    }),
  ];
};

export const session: Play<Of<'session'>> = (_, steps) => {
  const info = findStep(steps, 'get_session_info')?.output as
    | { current_stage: number; num_slides: number; language: string; selected_style: string | null }
    | undefined;
  const stage = info?.current_stage;
  return [
    [{ tool: 'get_session_info', input: {} }],
    [
      {
        text: info
          ? `You're in stage ${stage}${isStage(stage) ? ` (${stageName(stage)})` : ''}. The carousel has ${info.num_slides} slides in ${languageName(info.language)}` +
            `${info.selected_style ? `, in the ${info.selected_style} style` : ', with no style selected yet'}.`
          : 'I could not read the session.',
      },
    ],
  ];
};

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
