import { contentWords } from './text.js';
import { afterWrite, quote, undoHint, type Scenario, type SlideView } from './demo-scenario.js';
import { field, findStep } from './demo-steps.js';

/** The demo model's stage 1 scenarios: the seed's showcase and other requests about slide texts. */

export const repeatedSlide: Scenario = {
  name: 'slide N repeats slide M',
  match: (text) =>
    /slide\s*(\d+)\s+(?:repeats|duplicates|copies|says the same(?: thing)? as|is the same as|overlaps(?: with)?)\s+(?:what\s+)?(?:slide\s*)?(\d+)/i.exec(text),
  play: (match, steps) => {
    const [repeating, original] = [Number(match[1]), Number(match[2])];
    const first = findStep(steps, 'get_slide', { slide_index: original })?.output as SlideView | undefined;
    const second = findStep(steps, 'get_slide', { slide_index: repeating })?.output as SlideView | undefined;
    const shared = [...new Set(contentWords(`${first?.title} ${first?.body}`))].filter((word) =>
      contentWords(`${second?.title} ${second?.body}`).includes(word),
    );
    const rewrite = findStep(steps, 'regenerate_slide', { slide_index: repeating });
    return [
      [
        { thinking: `The user says slide ${repeating} repeats slide ${original}. Before changing anything I'll read both slides to see the overlap.` },
        { tool: 'get_slide', input: { slide_index: original } },
        { tool: 'get_slide', input: { slide_index: repeating } },
      ],
      [
        {
          thinking:
            `Slide ${original} says ${quote(first)}; slide ${repeating} says ${quote(second)}. ` +
            `They share ${shared.length ? shared.slice(0, 6).join(', ') : 'the same message'}. ` +
            `I won't write the new text myself: the slide service knows the draft and the other slides, so I'll give it a precise instruction.`,
        },
        {
          tool: 'regenerate_slide',
          input: {
            slide_index: repeating,
            instruction: `This slide repeats slide ${original}, which says "${first?.body ?? ''}". Rewrite it to cover a distinct angle from the draft while keeping the core message.`,
          },
        },
      ],
      afterWrite(rewrite, (output) => {
        const after = output.after as SlideView;
        return `Slide ${repeating} no longer repeats slide ${original}. It now reads:\n\n**${after.title}** — ${after.body}\n\nThe slide service took an angle from your draft that no other slide covers. ${undoHint}`;
      }),
    ];
  },
};

export const rewriteSlideScenario: Scenario = {
  name: 'make slide N …',
  match: (text) => /\b(?:make|rewrite|reword|rephrase|shorten|change|turn|tighten)\s+slide\s*(\d+)\s*(.*)$/i.exec(text.trim()),
  play: (match, steps, text) => {
    const n = Number(match[1]);
    const wish = (match[2] ?? '').replace(/[.!]+$/, '').trim();
    const slide = findStep(steps, 'get_slide', { slide_index: n })?.output as SlideView | undefined;
    const shorten = /^shorten|^tighten/i.test(text.trim());
    const instruction = shorten ? 'Make it shorter and punchier.' : wish ? `Make it ${wish.replace(/^(it\s+)?/i, '')}.` : 'Give it fresh wording.';
    return [
      [{ thinking: `I'll read slide ${n} first, then ask the slide service to rewrite it.` }, { tool: 'get_slide', input: { slide_index: n } }],
      [
        { thinking: `Slide ${n} says ${quote(slide)}. Instruction for the slide service: ${instruction}` },
        { tool: 'regenerate_slide', input: { slide_index: n, instruction } },
      ],
      afterWrite(findStep(steps, 'regenerate_slide'), (output) => {
        const after = output.after as SlideView;
        return `Done. Slide ${n} now reads:\n\n**${after.title}** — ${after.body}\n\n${undoHint}`;
      }),
    ];
  },
};

export const regenerateAll: Scenario = {
  name: 'regenerate all slides (slow)',
  match: (text) => /\b(?:regenerate|rewrite|redo|refresh)\s+(?:all|every)(?:\s+the)?\s+slides?\b(.*)$/i.exec(text),
  play: (match, steps) => {
    const rest = (match[1] ?? '').replace(/\bslowly\b/i, '').replace(/[.!]+$/, '').trim();
    const instruction = rest ? `Make each slide ${rest.replace(/^(to be|so they are)\s+/i, '')}.` : 'Give each slide fresh wording from the draft.';
    const all = field<SlideView[]>(findStep(steps, 'get_all_slides'), 'slides');
    return [
      [{ thinking: 'A rewrite of every slide: let me look at all of them first.' }, { tool: 'get_all_slides', input: {} }],
      [
        { thinking: `${all?.length ?? 'All the'} slides. The slide service rewrites them one by one; this takes a while, and the page stays usable meanwhile.` },
        { tool: 'regenerate_all_slides', input: { instruction } },
      ],
      afterWrite(findStep(steps, 'regenerate_all_slides'), (output) => {
        const slides = (output.slides as { slide_index: number; title: string }[]) ?? [];
        return `${String(output.done)} New titles:\n\n${slides.map((s) => `${s.slide_index}. ${s.title}`).join('\n')}\n\n${undoHint}`;
      }),
    ];
  },
};

export const readSlide: Scenario = {
  name: 'what does slide N say',
  match: (text) => /\b(?:what(?:'s| is| does)|read|show|tell me)\b.*\bslide\s*(\d+)/i.exec(text),
  play: (match, steps) => {
    const n = Number(match[1]);
    const step = findStep(steps, 'get_slide', { slide_index: n });
    const slide = step?.output as SlideView | undefined;
    return [
      [{ tool: 'get_slide', input: { slide_index: n } }],
      [
        {
          text: step?.isError
            ? String(step.output)
            : `Slide ${n} says:\n\n**${slide?.title}** — ${slide?.body}${slide?.image_prompt ? `\n\nImage prompt: ${slide.image_prompt}` : ''}`,
        },
      ],
    ];
  },
};

export const overview: Scenario = {
  name: 'summarize the slides',
  match: (text) => /\b(?:all|every) (?:the )?slides\b|\bsummar|\boverview\b|\boutline\b/i.exec(text),
  play: (_, steps) => {
    const slides = field<(SlideView & { index: number })[]>(findStep(steps, 'get_all_slides'), 'slides') ?? [];
    return [
      [{ tool: 'get_all_slides', input: {} }],
      [{ text: `The carousel has ${slides.length} slides:\n\n${slides.map((s) => `${s.index}. **${s.title}** — ${s.body}`).join('\n')}` }],
    ];
  },
};

export const draftScenario: Scenario = {
  name: 'about the draft',
  match: (text) => /\bdraft\b/i.exec(text),
  play: (_, steps) => {
    const draft = field<string>(findStep(steps, 'get_draft'), 'draft_text') ?? '';
    const first = draft.split(/\n/)[0] ?? '';
    return [
      [{ tool: 'get_draft', input: {} }],
      [{ text: `Your draft is ${draft.split(/\s+/).filter(Boolean).length} words long. It opens with: “${first}”` }],
    ];
  },
};

