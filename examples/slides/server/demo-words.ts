/**
 * How people name things in a request to the carousel's agent, for the offline demo model: slide numbers written
 * as digits, words or ordinals ("slide 3", "slide three", "the third slide", "the last slide"), and "it" for the
 * slide on screen or the one just talked about. Claude needs none of this.
 */

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
};

const NUMBER = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten)`;
const ORDINAL = String.raw`(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|\d+(?:st|nd|rd|th))`;

/** A number as written: "3", "three", "third", "3rd"; "last" is the count when it is known. */
function numberOf(word: string, count?: number): number | undefined {
  const lower = word.toLowerCase();
  if (lower === 'last' || lower === 'final') return count;
  const digits = /^(\d+)/.exec(lower);
  return digits ? Number(digits[1]) : (NUMBER_WORDS[lower] ?? ORDINALS[lower]);
}

/** What "it" and "this slide" can stand for: the slide selected on the page, else the last one talked about. */
export interface Referents {
  selected?: number | null | undefined;
  previous?: number | undefined;
  /** How many slides there are, for "the last slide". */
  count?: number | undefined;
}

/**
 * The numbers a text gives to things called `noun` ("slide", "style", "prompt"), in the order it names them:
 * "slide 3", "slides 1 and 2", "slide three", "the third slide", "the 2nd style", "the last slide".
 */
export function numbersNamed(text: string, noun: string, count?: number): number[] {
  const found: { at: number; n: number }[] = [];
  const list = new RegExp(String.raw`\b${noun}s?\s*(?:#|no\.?\s*|number\s*)?${NUMBER}((?:\s*(?:,|and|&|or|to)\s*${NUMBER})*)`, 'gi');
  for (const match of text.matchAll(list)) {
    const words = [match[1]!, ...(match[2]?.match(new RegExp(NUMBER, 'gi')) ?? [])];
    words.forEach((word, i) => found.push({ at: match.index + i, n: numberOf(word)! }));
  }
  const ordinal = new RegExp(String.raw`\b${ORDINAL}\s+${noun}\b`, 'gi');
  for (const match of text.matchAll(ordinal)) {
    const n = numberOf(match[1]!, count);
    if (n !== undefined) found.push({ at: match.index, n });
  }
  return found.sort((a, b) => a.at - b.at).map(({ n }) => n);
}

const POINTING = /\b(?:it|this(?: slide| one)?|that(?: slide| one)?|the (?:selected|same|current) slide)\b/i;

/** The slides a request is about: those it names, else the one "it" points to, else none. */
export function slidesNamed(text: string, referents: Referents): number[] {
  const named = numbersNamed(text, 'slide', referents.count);
  if (named.length) return named;
  const pointed = referents.selected ?? referents.previous;
  return pointed && POINTING.test(text) ? [pointed] : [];
}

/** The first text in straight or curly double quotes: the exact words the user wants somewhere. */
export function quoted(text: string): string | undefined {
  return /["“]([^"”]+)["”]/.exec(text)?.[1]?.trim();
}

/** The stage a request names: "stage 3", or its name ("the images", "export"). */
export function stageNamed(text: string): number | undefined {
  const number = numbersNamed(text, 'stage')[0];
  if (number !== undefined) return number;
  const name = /\b(?:the\s+)?(slides|style|styles|prompts?|images|pictures|export)(?:\s+(?:stage|step|page|tab))?\b/i.exec(text)?.[1]?.toLowerCase();
  if (!name) return undefined;
  return { slides: 1, style: 2, styles: 2, prompt: 3, prompts: 3, images: 4, pictures: 4, export: 5 }[name];
}
