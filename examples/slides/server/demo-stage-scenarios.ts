import { isStage, stageName, STAGES } from './carousel.js';
import { afterWrite, undoHint, type Scenario } from './demo-scenario.js';
import { field, findStep } from './demo-steps.js';
import { stageAction } from './stage-actions.js';

/** The demo model's scenarios for the other stages and for moving between them, and its help. */

export const selectStyleScenario: Scenario = {
  name: 'pick style N',
  match: (text) => /\b(?:select|pick|choose|use|take)\s+(?:the\s+)?style\s*(?:number\s*)?(\d+)/i.exec(text),
  play: (match, steps) => {
    const n = Number(match[1]);
    const proposals = field<{ index: number; name: string }[]>(findStep(steps, 'get_style_proposals'), 'proposals') ?? [];
    return [
      [{ thinking: `Let me check the style proposals before selecting number ${n}.` }, { tool: 'get_style_proposals', input: {} }],
      [
        { thinking: proposals.length ? `Proposals: ${proposals.map((p) => `${p.index} ${p.name}`).join(', ')}.` : 'There are no proposals yet; selecting will tell us so.' },
        { tool: 'select_style', input: { style_index: n } },
      ],
      afterWrite(findStep(steps, 'select_style'), (output) => `${String(output.done)} Image prompts (stage 3) will start with “${String(output.shared_prompt_prefix)}”. ${undoHint}`),
    ];
  },
};

/** "generate slides", "propose styles", "export" …: one stage action after a look at where the user is. */
const STAGE_WORDS: [RegExp, string][] = [
  [/\bstyle/i, 'generate_style_proposals'],
  [/\bprompt/i, 'generate_prompts'],
  [/\bimage/i, 'generate_images'],
  [/\bslides?\b/i, 'generate_slides'],
];

export const generateScenario: Scenario = {
  name: 'generate slides / styles / prompts / images',
  match: (text) => /\b(?:generate|create|propose|suggest|write|make)\s+(?:the\s+|new\s+|some\s+|image\s+)?(slides|styles?|style proposals|prompts|images)\b/i.exec(text),
  play: (match, steps) => {
    const tool = STAGE_WORDS.find(([pattern]) => pattern.test(match[1] ?? ''))?.[1] ?? 'generate_slides';
    const action = stageAction(tool)!;
    const stage = field<number>(findStep(steps, 'get_session_info'), 'current_stage');
    return [
      [{ thinking: `The user wants ${match[1]}. I'll check which stage we're in first.` }, { tool: 'get_session_info', input: {} }],
      [
        {
          thinking:
            stage === action.stage
              ? `We're in stage ${stage}, where ${tool} is available.`
              : `We're in stage ${stage ?? '?'}; ${tool} belongs to stage ${action.stage}. I'll try, and explain if it is refused.`,
        },
        { tool, input: {} },
      ],
      afterWrite(findStep(steps, tool), (output) => `${String(output.done)} ${undoHint}`),
    ];
  },
};

const SINGLE_ACTIONS: [RegExp, string, string][] = [
  [/\bapply\s+(?:the\s+)?styles?\b/i, 'apply_styles', 'Applying the selected style to every slide.'],
  [/\bexport\b/i, 'export_carousel', 'Exporting the carousel.'],
  [/\bnext stage\b|\bgo (?:on|forward)\b/i, 'next_stage', 'Moving on to the next stage.'],
  [/\b(?:previous stage|go back|stage back)\b/i, 'previous_stage', 'Going back one stage.'],
];

export const singleActionScenario: Scenario = {
  name: 'apply styles / export / next stage / go back',
  match: (text) => {
    const found = SINGLE_ACTIONS.findIndex(([pattern]) => pattern.test(text));
    return found < 0 ? null : [String(found)];
  },
  play: (match, steps) => {
    const [, tool, thought] = SINGLE_ACTIONS[Number(match[0])]!;
    return [
      [{ thinking: thought }, { tool, input: {} }],
      afterWrite(findStep(steps, tool), (output) => {
        const download = typeof output.download === 'string' ? ` [Download it](${output.download}).` : '';
        return `${String(output.done)}${download}`;
      }),
    ];
  },
};

export const goToStageScenario: Scenario = {
  name: 'go to stage N',
  match: (text) => /\b(?:go|move|switch|jump|take me)\s+(?:to\s+)?(?:the\s+)?stage\s*(\d)/i.exec(text),
  play: (match, steps) => {
    const stage = Number(match[1]);
    return [
      [{ thinking: `Moving the user to stage ${stage}.` }, { tool: 'go_to_stage', input: { stage } }],
      afterWrite(findStep(steps, 'go_to_stage'), (output) =>
        `${String(output.done)}${isStage(stage) ? ` ${STAGES[stage - 1]!.summary}.` : ''}`,
      ),
    ];
  },
};

/** Anything else: say plainly that this is the offline demo model, and what it can do in the current stage. */
export const helpScenario: Scenario = {
  name: 'help',
  match: (text) => /[\s\S]*/.exec(text),
  play: (_, steps) => {
    const stage = field<number>(findStep(steps, 'get_session_info'), 'current_stage');
    const tries = TRIES[stage ?? 1] ?? TRIES[1]!;
    return [
      [{ tool: 'get_session_info', input: {} }],
      [
        {
          text:
            `I'm the **offline demo model**: I play a few scripted scenarios from seed 000 instead of understanding free text. ` +
            `With \`ANTHROPIC_API_KEY\` set on the server, Claude answers here with the same tools.\n\n` +
            `You're in stage ${stage ?? '?'}${isStage(stage) ? ` (${stageName(stage)})` : ''}. Try:\n${tries.map((line) => `- “${line}”`).join('\n')}\n\n` +
            'Slash commands run without any model: `/next`, `/back`, `/stage 3`, `/regen slide 2`.',
        },
      ],
    ];
  },
};

const TRIES: Record<number, string[]> = {
  1: ['slide 2 repeats slide 1, fix it', 'make slide 3 more punchy', 'what does slide 4 say?', 'regenerate all slides slowly'],
  2: ['propose styles', 'pick style 2', 'next stage'],
  3: ['generate prompts', 'show slide 1', 'next stage'],
  4: ['generate images', 'next stage'],
  5: ['apply styles', 'export'],
};

