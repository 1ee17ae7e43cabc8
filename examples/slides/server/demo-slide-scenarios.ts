import { contentWords } from './text.js';
import { afterWrite, slideBlock, slideQuote, undoHint, type Play, type SlideView } from './demo-scenario.js';
import { field, findStep } from './demo-steps.js';
import type { SlidesRequest } from './demo-understand.js';
import { ALL_INSTRUCTIONS, DONE, INSTRUCTIONS } from './demo-wishes.js';

/** The demo model's stage 1 plays: the seed's showcase and the other requests about slide texts. */

type Of<K extends SlidesRequest['kind']> = Extract<SlidesRequest, { kind: K }>;

/** Seed 000's showcase, §3.2: read both slides, then hand the slide service a precise instruction. */
export const repeated: Play<Of<'repeated'>> = ({ slide, original }, steps) => {
  const first = findStep(steps, 'get_slide', { slide_index: original })?.output as SlideView | undefined;
  const second = findStep(steps, 'get_slide', { slide_index: slide })?.output as SlideView | undefined;
  const shared = [...new Set(contentWords(`${first?.title} ${first?.body}`))].filter((word) =>
    contentWords(`${second?.title} ${second?.body}`).includes(word),
  );
  return [
    [
      { thinking: `The user says slide ${slide} repeats slide ${original}. Before changing anything I'll read both slides to see the overlap.` },
      { tool: 'get_slide', input: { slide_index: original } },
      { tool: 'get_slide', input: { slide_index: slide } },
    ],
    [
      {
        thinking:
          `Slide ${original} says ${slideQuote(first)} and slide ${slide} says ${slideQuote(second)} ` +
          `They share ${shared.length ? shared.slice(0, 6).join(', ') : 'their message'}. ` +
          `I won't write the new text myself: the slide service knows the draft and the other slides, so I'll give it a precise instruction.`,
      },
      {
        tool: 'regenerate_slide',
        input: {
          slide_index: slide,
          instruction: `This slide repeats slide ${original}, which says "${first?.body ?? ''}". Rewrite it to cover a distinct angle from the draft while keeping the core message.`,
        },
      },
    ],
    afterWrite(findStep(steps, 'regenerate_slide', { slide_index: slide }), (output) =>
      `Slide ${slide} no longer repeats slide ${original}. It now reads:\n\n${slideBlock(output.after as SlideView)}\n\n` +
      `The slide service took an angle from your draft that no other slide covers. ${undoHint}`,
    ),
  ];
};

/** "Slide 3 is too long, shorten it", "make it a question": read the slide, then ask the slide service. */
export const rewrite: Play<Of<'rewrite'>> = ({ slide, wish }, steps) => {
  const current = findStep(steps, 'get_slide', { slide_index: slide });
  const instruction = INSTRUCTIONS[wish];
  return [
    [{ thinking: `I'll read slide ${slide} first, then ask the slide service to rewrite it.` }, { tool: 'get_slide', input: { slide_index: slide } }],
    current?.isError
      ? [{ text: String(current.output).replace(/^Tool \w+ failed: /, '') }]
      : [
          { thinking: `Slide ${slide} says ${slideQuote(current?.output as SlideView)} Instruction for the slide service: ${instruction}` },
          { tool: 'regenerate_slide', input: { slide_index: slide, instruction } },
        ],
    afterWrite(findStep(steps, 'regenerate_slide', { slide_index: slide }), (output) =>
      `${DONE[wish](slide)}:\n\n${slideBlock(output.after as SlideView)}\n\n${undoHint}`,
    ),
  ];
};

/** "Change the title of slide 3 to …": the user's exact words, so update_slide rather than the slide service. */
export const updateSlide: Play<Of<'update-slide'>> = ({ slide, title, body }, steps) => [
  [{ tool: 'update_slide', input: { slide_index: slide, ...(title !== undefined ? { title } : {}), ...(body !== undefined ? { body } : {}) } }],
  afterWrite(findStep(steps, 'update_slide'), (output) =>
    `Slide ${slide} now reads:\n\n${slideBlock({ title: String(output.title), body: String(output.body) })}\n\n${undoHint}`,
  ),
];

/** The deliberately slow step: every slide, one at a time, the page following each (seed §3.7). */
export const rewriteAll: Play<Of<'rewrite-all'>> = ({ wish }, steps) => {
  const all = field<SlideView[]>(findStep(steps, 'get_all_slides'), 'slides');
  return [
    [{ thinking: 'A rewrite of every slide: let me look at all of them first.' }, { tool: 'get_all_slides', input: {} }],
    [
      { thinking: `${all?.length ?? 'All the'} slides. The slide service rewrites them one by one; this takes a while, and the page stays usable meanwhile.` },
      { tool: 'regenerate_all_slides', input: { instruction: ALL_INSTRUCTIONS[wish] } },
    ],
    afterWrite(findStep(steps, 'regenerate_all_slides'), (output) => {
      const slides = (output.slides as { slide_index: number; title: string }[]) ?? [];
      return `${String(output.done)} The new titles:\n\n${slides.map((s) => `${s.slide_index}. ${s.title}`).join('\n')}\n\n${undoHint}`;
    }),
  ];
};

export const readSlide: Play<Of<'read-slide'>> = ({ slide }, steps) => {
  const step = findStep(steps, 'get_slide', { slide_index: slide });
  const view = step?.output as SlideView | undefined;
  const prompt = view?.image_prompt ? `\n\nIts image prompt: ${view.image_prompt}` : '';
  return [
    [{ tool: 'get_slide', input: { slide_index: slide } }],
    [{ text: step?.isError ? String(step.output).replace(/^Tool \w+ failed: /, '') : `Slide ${slide} reads:\n\n${slideBlock(view)}${prompt}` }],
  ];
};

/** The slides by title; the page shows their bodies already. */
export const overview: Play<Of<'overview'>> = (_, steps) => {
  const slides = field<(SlideView & { index: number })[]>(findStep(steps, 'get_all_slides'), 'slides') ?? [];
  const words = (slide: SlideView) => (slide.body ?? '').split(/\s+/).filter(Boolean).length;
  return [
    [{ tool: 'get_all_slides', input: {} }],
    [
      {
        text: slides.length
          ? `The carousel has ${slides.length} slides:\n\n${slides.map((s) => `${s.index}. **${s.title}** (${words(s)} words)`).join('\n')}`
          : 'The carousel has no slides yet: write a draft and ask me to generate slides.',
      },
    ],
  ];
};

export const draft: Play<Of<'draft'>> = (_, steps) => {
  const text = field<string>(findStep(steps, 'get_draft'), 'draft_text') ?? '';
  const first = text.split(/\n/)[0] ?? '';
  return [
    [{ tool: 'get_draft', input: {} }],
    [{ text: text.trim() ? `Your draft is ${text.split(/\s+/).filter(Boolean).length} words long. It opens with:\n\n> ${first}` : 'Your draft is empty.' }],
  ];
};
