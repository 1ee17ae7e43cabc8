import type { Carousel, Slide } from './carousel.js';
import { languageOf, type LanguagePhrases } from './languages.js';
import { capitalize, clipWords, firstClause, headline, overlap, sentences } from './text.js';

export interface SlideText {
  title: string;
  body: string;
}

/** What the instruction asked for, as far as an offline rewriter can tell from its words. */
export type RewriteIntent = 'distinct' | 'shorter' | 'question' | 'casual' | 'formal' | 'fresh';

export function rewriteIntent(instruction: string): RewriteIntent {
  const text = instruction.toLowerCase();
  if (/repeat|duplicat|distinct|different|overlap|same as|redundan|angle/.test(text)) return 'distinct';
  if (/punch|short|concise|tight|brief|crisp|snappy/.test(text)) return 'shorter';
  if (/question/.test(text)) return 'question';
  if (/casual|informal|less formal|friendl|conversational|relaxed/.test(text)) return 'casual';
  if (/formal|professional/.test(text)) return 'formal';
  return 'fresh';
}

/**
 * Seed 000's `regenerate_slide_text`, offline: rewrite one slide from the draft and its neighbours, following the
 * instruction. The agent only says what to change; this service decides the words (seed §3.2 key principle).
 * Always returns a text that differs from the slide's current one.
 */
export function rewriteSlide(carousel: Carousel, index: number, instruction: string): SlideText & { intent: RewriteIntent } {
  const slide = carousel.slides[index]!;
  const intent = rewriteIntent(instruction);
  // The words the service adds of its own are in the carousel's language; the rest comes from the draft.
  const say = languageOf(carousel.language).phrases;
  const rewritten = (() => {
    switch (intent) {
      case 'distinct':
        return distinctAngle(carousel, index, say);
      case 'shorter':
        return { title: headline(slide.title, 4), body: shorter(slide.body) };
      case 'question':
        return { title: asQuestion(slide.title, say), body: slide.body };
      case 'casual':
        return { title: slide.title, body: casual(slide.body, say) };
      case 'formal':
        return { title: slide.title, body: formal(slide.body, say) };
      case 'fresh':
        return freshWording(carousel, index);
    }
  })();
  return { ...differentFrom(slide, rewritten, say), intent };
}

/** The draft sentence the other slides cover least: a new angle that still comes from the user's own draft. */
function distinctAngle(carousel: Carousel, index: number, say: LanguagePhrases): SlideText {
  const others = carousel.slides.filter((_, i) => i !== index).map((slide) => `${slide.title}. ${slide.body}`);
  const covered = (sentence: string) => Math.max(0, ...others.map((other) => overlap(sentence, other)));
  const candidates = sentences(carousel.draft)
    .map((sentence, order) => ({ sentence, order, score: covered(sentence) }))
    .sort((a, b) => a.score - b.score || a.order - b.order);
  const best = candidates[0];
  if (best && best.score < 0.35) return slideFrom(best.sentence);
  // Every draft sentence is on some slide already: turn the slide toward why it matters instead.
  const slide = carousel.slides[index]!;
  return { title: say.matters(lowerFirst(headline(slide.title, 4))), body: `${say.whatChanges} ${clipWords(slide.body, 14)}` };
}

/**
 * The draft sentence closest to the slide that no other slide is closer to: the slide re-derived from the
 * user's own words. When the slide already is that sentence, it gets a headline drawn from its body.
 */
function freshWording(carousel: Carousel, index: number): SlideText {
  const slide = carousel.slides[index]!;
  const own = `${slide.title}. ${slide.body}`;
  const others = carousel.slides.filter((_, i) => i !== index).map((other) => `${other.title}. ${other.body}`);
  const best = sentences(carousel.draft)
    .map((sentence) => ({ sentence, score: overlap(sentence, own) }))
    .filter(({ sentence, score }) => score > 0.1 && others.every((other) => overlap(sentence, other) <= score))
    .sort((a, b) => b.score - a.score)[0];
  const fresh = best && slideFrom(best.sentence);
  if (fresh && (fresh.title !== slide.title || fresh.body !== slide.body)) return fresh;
  return { title: headline(slide.body), body: slide.body };
}

/**
 * A slide from a passage of the draft: a headline from its first sentence, and what follows the headline as the
 * body, so that the body does not open by saying the title again ("Keep cameras optional" over "Attention matters
 * more than faces.", not over "Keep cameras optional: attention…"). A passage too short to split is the body whole.
 */
export function slideFrom(passage: string): SlideText {
  const [first = passage, ...others] = sentences(passage);
  const title = headline(first);
  const clause = firstClause(first);
  const same = (a: string, b: string) => a.replace(/[.!?]+$/, '').trim().toLowerCase() === b.replace(/[.!?]+$/, '').trim().toLowerCase();
  const rest = same(title, first)
    ? others.join(' ')
    : same(title, clause)
      ? [first.slice(clause.length).replace(/^[\s,:;—–-]+/, '').replace(/^and\s+/i, ''), ...others].join(' ')
      : '';
  return { title, body: rest.split(/\s+/).length >= 3 ? capitalize(rest.trim()) : passage };
}

/** The first clause of the first sentence, when it says enough on its own; else the sentence cut to 12 words. */
function shorter(body: string): string {
  const first = sentences(body)[0] ?? body;
  const clause = firstClause(first);
  return clause.split(/\s+/).length >= 4 && clause.length < first.length ? `${clause}.` : clipWords(first, 12);
}

function asQuestion(title: string, say: LanguagePhrases): string {
  const plain = title.replace(/^[¿]/, '').replace(/[.!?]+$/, '').trim();
  if (title.endsWith('?')) return say.whatIf(lowerFirst(plain.replace(/^(why|how|what|pourquoi|warum|por qué)\s+/i, '')));
  return say.why(lowerFirst(plain));
}

/** Long and short forms, for the casual and formal rewrites. */
const CONTRACTIONS: [string, string][] = [
  ['do not', "don't"],
  ['cannot', "can't"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['will not', "won't"],
  ['you are', "you're"],
];

function replaceWords(text: string, from: string, to: string): string {
  return text.replace(new RegExp(`\\b${from}\\b`, 'gi'), (match) => matchCase(match, to));
}

function casual(body: string, say: LanguagePhrases): string {
  const text = CONTRACTIONS.reduce((result, [long, short]) => replaceWords(result, long, short), body);
  return text === body ? `${say.casualOpening}${lowerFirst(body)}` : text;
}

function formal(body: string, say: LanguagePhrases): string {
  const plain = body.startsWith(say.casualOpening) ? capitalize(body.slice(say.casualOpening.length)) : body;
  const text = CONTRACTIONS.reduce((result, [long, short]) => replaceWords(result, short, long), plain);
  return text === body ? `${say.formalOpening}${lowerFirst(body)}` : capitalize(text);
}

function matchCase(original: string, replacement: string): string {
  return original.charAt(0) === original.charAt(0).toUpperCase() ? capitalize(replacement) : replacement;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A rewrite must change something: the user asked for a change and Undo must have something to undo. */
function differentFrom(slide: Slide, next: SlideText, say: LanguagePhrases): SlideText {
  if (next.title !== slide.title || next.body !== slide.body) return next;
  return { title: asQuestion(slide.title, say), body: next.body };
}
