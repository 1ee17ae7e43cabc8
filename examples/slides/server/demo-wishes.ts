/**
 * What a user wants done to a slide's words, as the offline demo model reads it from a request ("too long",
 * "make it a question", "sounds stiff"), and the instruction the agent hands the slide service for it. The
 * instructions are worded so that the slide service's own reading of them (slide-rewrite.ts) lands on the same
 * rewrite.
 */
export type Wish = 'distinct' | 'shorter' | 'question' | 'casual' | 'formal' | 'fresh';

/** In the order they are tried: "too formal" is a wish for casual before "formal" is one for formal. */
const WISHES: readonly [RegExp, Wish][] = [
  [/\b(?:repeats?|repeating|repetitive|duplicates?|duplicated|copies|same (?:thing )?as|says? the same|overlaps?|redundant)\b/i, 'distinct'],
  [/\b(?:into|as|be) (?:a )?question\b|\b(?:make|turn|rewrite|rephrase|phrase|change)\b[^.!?]*\ba question\b/i, 'question'],
  [/\b(?:too casual|more (?:formal|professional|serious)|professional|polished|businesslike)\b/i, 'formal'],
  [/\b(?:less formal|too formal|informal|casual|friendl\w*|relaxed|conversational|warmer|stiff|chatty)\b/i, 'casual'],
  [/\bformal\b/i, 'formal'],
  [
    /\b(?:(?:too|so|very|quite|rather|is|are|feels?|seems?|looks?) (?:a bit |a little |way |far |really |too )?long|shorten\w*|shorter|short|cut|trim\w*|tighten\w*|tighter|concise|wordy|verbose|brief\w*|condense\w*|punch\w*|snappy|snappier|crisp\w*|simpler|simplify|fewer words|less text|boring|dull|pop|stand out|more engaging)\b/i,
    'shorter',
  ],
  [/\b(?:rewrite|reword|rephrase|redo|regenerate|refresh|improve|better|fix|change|polish|edit|tweak|fresh|another version)\b/i, 'fresh'],
];

export function wishOf(text: string): Wish | undefined {
  return WISHES.find(([pattern]) => pattern.test(text))?.[1];
}

/** What the agent tells the slide service; it never writes the new text itself (seed 000 §3.2). */
export const INSTRUCTIONS: Record<Wish, string> = {
  distinct: 'This slide repeats another one. Rewrite it to cover a distinct angle from the draft while keeping the core message.',
  shorter: 'Make it shorter and punchier: keep the one point that matters.',
  question: 'Turn the title into a question the slide answers.',
  casual: 'Make it less formal, as if said to a colleague.',
  formal: 'Make it more formal and professional.',
  fresh: 'Give it fresh wording from the draft.',
};

/** The same, for every slide at once (the slow step). */
export const ALL_INSTRUCTIONS: Record<Wish, string> = {
  distinct: 'Give each slide an angle of its own from the draft.',
  shorter: 'Make each slide shorter and punchier.',
  question: 'Turn each title into a question the slide answers.',
  casual: 'Make each slide less formal, as if said to a colleague.',
  formal: 'Make each slide more formal and professional.',
  fresh: 'Give each slide fresh wording from the draft.',
};

/** How the answer names what changed. */
export const DONE: Record<Wish, (n: number) => string> = {
  distinct: (n) => `Slide ${n} has an angle of its own now`,
  shorter: (n) => `Slide ${n} is shorter now`,
  question: (n) => `Slide ${n}'s title is a question now`,
  casual: (n) => `Slide ${n} sounds less formal now`,
  formal: (n) => `Slide ${n} reads more formally now`,
  fresh: (n) => `Slide ${n} has fresh wording`,
};

/** The request that asks for a wish, as a chip would send it. */
export const ASK: Record<Wish, (n: number) => string> = {
  distinct: (n) => `Slide ${n} repeats another slide, fix it`,
  shorter: (n) => `Shorten slide ${n}`,
  question: (n) => `Make slide ${n} a question`,
  casual: (n) => `Make slide ${n} less formal`,
  formal: (n) => `Make slide ${n} more formal`,
  fresh: (n) => `Rewrite slide ${n}`,
};
