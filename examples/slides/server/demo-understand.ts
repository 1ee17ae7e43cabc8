import { numbersNamed, quoted, slidesNamed, stageNamed, type Referents } from './demo-words.js';
import { wishOf, type Wish } from './demo-wishes.js';

/**
 * What the offline demo model understands of a request to the carousel's agent: seed 000's actions (§3.1) and
 * questions, in the words people use for them. Deterministic: the same words always mean the same request.
 */
export type SlidesRequest =
  | { kind: 'repeated'; slide: number; original: number }
  | { kind: 'rewrite'; slide: number; wish: Wish }
  /** A rewrite of "it" when nothing says which slide "it" is. */
  | { kind: 'which-slide'; wish: Wish }
  | { kind: 'update-slide'; slide: number; title?: string; body?: string }
  | { kind: 'rewrite-all'; wish: Wish }
  | { kind: 'read-slide'; slide: number }
  | { kind: 'overview' }
  | { kind: 'draft' }
  | { kind: 'session' }
  | { kind: 'styles' }
  | { kind: 'select-style'; style?: number; name?: string }
  | { kind: 'restyle-slide'; slide: number; style: number }
  | { kind: 'action'; tool: StageTool }
  | { kind: 'regenerate-prompt'; slide: number; instruction: string }
  | { kind: 'update-prompt'; slide: number; prompt: string }
  | { kind: 'regenerate-image'; slide: number }
  | { kind: 'navigate'; to: 'next' | 'back' | number }
  /** "What can you do?" (asked), or anything not understood (unknown): what the agent can do, as chips. */
  | { kind: 'capabilities'; asked: boolean };

export type StageTool = 'generate_slides' | 'generate_style_proposals' | 'generate_prompts' | 'generate_images' | 'apply_styles' | 'export_carousel';

/** The style proposals' names (style-service.ts), so "the editorial one" can be picked by name. */
const STYLE_NAMES = /\b(bold contrast|soft pastel|editorial|night mode|sunrise gradient|blueprint)\b/i;

const ALL_SLIDES = /\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+|my\s+)?slides?\b|\b(?:the|my)\s+slides\b|\bwhole carousel\b|\ball of them\b/i;
const MAKE = /\b(?:generate|create|make|produce|write|draft|draw|render|propose|suggest|come up with)\b/i;
const FIX_IT = /^(?:please\s+)?(?:rewrite|reword|rephrase|redo|regenerate|refresh|improve|fix|change|polish|edit|tweak)\s+(?:it|this|that)\b/i;
/** A question rather than a request: answered by reading, never by changing anything. */
const QUESTION = /^\s*(?:what|which|how|who|where|why|does|do|is|are|show|read|tell|list|display)\b/i;

export function understand(text: string, referents: Referents): SlidesRequest {
  const t = text.trim();
  const slides = slidesNamed(t, referents);
  const wish = wishOf(t);

  const navigation = navigationOf(t);
  if (navigation !== undefined) return { kind: 'navigate', to: navigation };

  // Two slides and a repetition: the later one is rewritten.
  if (wish === 'distinct' && slides.length >= 2 && !ALL_SLIDES.test(t)) {
    const [a, b] = slides as [number, number];
    return { kind: 'repeated', slide: Math.max(a, b), original: Math.min(a, b) };
  }

  // Stage 3 and 4: a slide's prompt or image.
  const promptOf = slides[0] ?? numbersNamed(t, 'prompt')[0];
  if (/\bprompt\b/i.test(t) && promptOf !== undefined && !QUESTION.test(t)) {
    const exact = quoted(t);
    if (exact) return { kind: 'update-prompt', slide: promptOf, prompt: exact };
    const instruction = /\b(?:with|featuring|showing|to show|about|more|less|as)\b\s+(.+?)\s*[.!]?$/i.exec(t)?.[0] ?? '';
    return { kind: 'regenerate-prompt', slide: promptOf, instruction };
  }
  const imageOf = slides[0] ?? numbersNamed(t, 'image')[0] ?? numbersNamed(t, 'picture')[0];
  if (/\b(?:image|picture|photo|illustration)\b/i.test(t) && imageOf !== undefined && !QUESTION.test(t)) {
    return { kind: 'regenerate-image', slide: imageOf };
  }

  // Stage 2 and 5: styles.
  const style = numbersNamed(t, 'style')[0] ?? numbersNamed(t, 'option')[0];
  if (style !== undefined && slides.length === 1) return { kind: 'restyle-slide', slide: slides[0]!, style };
  const styleName = STYLE_NAMES.exec(t)?.[1];
  if ((style !== undefined || styleName) && /\b(?:pick|choose|select|use|take|go with|like|prefer|want|love|apply)\b/i.test(t)) {
    return { kind: 'select-style', ...(style !== undefined ? { style } : { name: styleName! }) };
  }
  if (/\bapply\b.*\bstyles?\b|\bstyle (?:all|every|each)\b/i.test(t)) return { kind: 'action', tool: 'apply_styles' };
  if (/\b(?:export|download)\b|\bi'?m done\b/i.test(t)) return { kind: 'action', tool: 'export_carousel' };

  if (ALL_SLIDES.test(t) && wish && !QUESTION.test(t)) return { kind: 'rewrite-all', wish };

  // Making a whole stage's things: slides from the draft, style proposals, prompts, images.
  const made = QUESTION.test(t) ? undefined : stageThingsOf(t, slides.length > 0);
  if (made) return { kind: 'action', tool: made };

  if (slides.length > 0) {
    const exact = quoted(t);
    if (exact && /\b(?:title|heading|headline)\b/i.test(t)) return { kind: 'update-slide', slide: slides[0]!, title: exact };
    if (exact) return { kind: 'update-slide', slide: slides[0]!, body: exact };
    if (wish && !QUESTION.test(t)) return { kind: 'rewrite', slide: slides[0]!, wish };
    return { kind: 'read-slide', slide: slides[0]! };
  }
  // "Make it a question" with no slide selected or talked about yet: ask which. A vaguer "fix it" must start the request.
  if (wish && !QUESTION.test(t) && (wish !== 'fresh' ? /\b(?:it|this|that)\b/i : FIX_IT).test(t)) return { kind: 'which-slide', wish };

  if (/\b(?:stage|step|language|session|where am i)\b|\bhow many\b/i.test(t)) return { kind: 'session' };
  if (ALL_SLIDES.test(t) || /\bsummar|\boverview\b|\boutline\b|\bslides\b|\bcarousel\b/i.test(t)) return { kind: 'overview' };
  if (/\bdraft\b/i.test(t)) return { kind: 'draft' };
  if (/\bstyles?\b/i.test(t)) return { kind: 'styles' };
  if (/^(?:help|hi|hello|hey|\?)\b|\bwhat (?:can|do) (?:you|i)\b|\bhow (?:does|do) (?:this|it|you|i)\b|\bwho are you\b|\bcommands\b/i.test(t)) {
    return { kind: 'capabilities', asked: true };
  }
  return { kind: 'capabilities', asked: false };
}

/** next / back / a stage by number or name; undefined when the request is not about moving. */
function navigationOf(text: string): 'next' | 'back' | number | undefined {
  if (/^(?:next|continue|proceed|move on|go on)\b[\s.!]*$|\bnext (?:stage|step)\b|\b(?:move|go) (?:on|forward)\b/i.test(text)) return 'next';
  if (/^back\b[\s.!]*$|\b(?:previous|last) (?:stage|step)\b|\b(?:go|step|move) back\b(?! to)/i.test(text)) return 'back';
  const move = /\b(?:go|move|switch|jump|take me|bring me|get me|head|open|show me)\b(?: back)?(?: to)?\b/i.test(text);
  const stage = stageNamed(text);
  if (stage !== undefined && (move || /^\s*stage\s*\d\s*[.!]?$/i.test(text)) && !/\bslide\s*\d/i.test(text)) {
    // "show me the styles" is a question about the styles, unless it names the stage.
    if (/\bshow me\b/i.test(text) && !/\b(?:stage|step|page|tab)\b/i.test(text)) return undefined;
    return stage;
  }
  return undefined;
}

/** "generate slides", "draw the pictures", "propose some styles": the stage action that makes them all. */
function stageThingsOf(text: string, namesASlide: boolean): StageTool | undefined {
  if (!MAKE.test(text) && !/\b(?:other|different|more|new)\s+styles\b/i.test(text)) return undefined;
  if (/\bstyles\b|\bstyle (?:proposals|options|ideas)\b/i.test(text)) return 'generate_style_proposals';
  if (/\bprompts\b/i.test(text)) return 'generate_prompts';
  if (/\b(?:images|pictures|illustrations|visuals)\b/i.test(text)) return 'generate_images';
  if (!namesASlide && /\bslides\b/i.test(text)) return 'generate_slides';
  return undefined;
}
