/**
 * What the offline demo model understands of what the learner types: seed 004's requests in the words learners use
 * for them ("turn this page into flashcards", "test me", "clean up my notes", "look up energy in my library", "what
 * else covers mitosis?", "keep in mind that…", "show me page 3"). Anything else is `capabilities`, answered with what
 * the agent can do as suggestion chips. Claude needs none of this.
 */
export type StudyRequest =
  | { kind: 'flashcard-for'; term: string }
  | { kind: 'flashcards'; page: number | undefined }
  | { kind: 'focus-area'; topic: string }
  | { kind: 'quiz' }
  | { kind: 'fix-notes' }
  | { kind: 'page-into-notes' }
  | { kind: 'where'; what: string }
  | { kind: 'related'; topic: string }
  | { kind: 'search'; query: string }
  | { kind: 'remember'; content: string }
  | { kind: 'recall' }
  | { kind: 'forget'; about: string }
  | { kind: 'go-to-page'; page: number }
  | { kind: 'highlight'; quoted: string | undefined }
  | { kind: 'hello' }
  /** "What can you do?" (asked), or a request not understood. */
  | { kind: 'capabilities'; asked: boolean };

const END = String.raw`[?.!]*$`;
const re = (source: string) => new RegExp(source, 'i');
const trimEnd = (text: string) => text.replace(/[?.!]+$/, '').trim();

const CARD_FOR = re(String.raw`\b(?:make|create|add|write|give me)\s+(?:a|one|me a)\s+(?:flash ?)?card\s+(?:for|of|about|on)\s+(.+?)${END}`);
const FLASHCARDS = [
  /\b(?:make|create|generate|turn|build|write|give me|want|need|produce|prepare)\b.*\b(?:flash ?cards?|study cards|cards)\b/i,
  /\bflash ?cards?\b.*\b(?:from|for|of|out of)\b.*\bpage\b/i,
];
const QUIZ = /\b(?:quiz|test me|drill me|ask me (?:a question|questions|something)|check what i (?:know|remember)|review my (?:flash ?)?cards)\b/i;
const FIX_NOTES = [/\b(?:fix|correct|proofread|spell-?check|clean up|tidy(?: up)?|polish)\b.*\bnotes?\b/i, /\bnotes?\b.*\b(?:typos?|spelling|mistakes?|errors?)\b/i];
const PAGE_INTO_NOTES = [
  /\b(?:add|put|summari[sz]e|save|copy|jot(?: down)?|write)\b.*\bpage\b.*\bnotes?\b/i,
  /\b(?:take|make|write) (?:some )?notes\b.*\bpage\b/i,
];
const WHERE = [
  re(String.raw`\b(?:show me where|where (?:is|are|does it (?:explain|say|talk about|mention)|do(?:es)? (?:the page|the text|it) (?:explain|say|talk about|mention)|can i (?:find|read about)))\s+(.+?)(?:\s+(?:is|are))?(?:\s+(?:explained|defined|described|mentioned))?(?:\s+on (?:the|this) page)?${END}`),
  re(String.raw`\b(?:point me to|point out|find)\s+(.+?)\s+on (?:the|this) page${END}`),
];
const RELATED = [
  re(String.raw`\b(?:related|relates|relating|connected|similar)\b(?:\s+(?:content|material|documents?|texts?))?\s+(?:to|about|on|with)\s+(.+?)${END}`),
  re(String.raw`\b(?:what else|anything else|other (?:documents|texts|readings|material)|elsewhere)\b.*?\b(?:about|on|covers?|mentions?|with|explains?)\s+(.+?)${END}`),
];
const SEARCH = [
  /\bsearch\b.*?\b(?:for|about)\s+(.+)$/i,
  /\bwhat do(?:es)? my (?:notes|library|documents) say about\s+(.+)$/i,
  /\b(?:look up|look for|find)\s+(.+?)\s+in (?:my|the) (?:library|documents|notes)\b/i,
  /\b(?:which|what) (?:documents?|texts?) (?:mentions?|talks? about|covers?|explains?)\s+(.+)$/i,
];
const REMEMBER = [/\bremember\s+(?:that\s+)?(.+)$/i, /\b(?:keep in mind|don't forget|do not forget|make a note|note)\s+(?:that\s+)(.+)$/i];
const RECALL = /\bwhat do you (?:remember|know)\b|\bwhat have you (?:remembered|noted)\b|\bwhat'?s in your memory\b/i;
const FORGET = [/\bforget\s+(?:that\s+|about\s+)?(.+)$/i, /\b(?:stop remembering|delete the memory (?:about|of))\s+(.+)$/i];
const PAGE = [/\b(?:go|turn|jump|skip|take me|navigate|open|show me|let me see|flip|move|read)\b.*?\bpage\s+(\d+)/i, /^\s*page\s+(\d+)\b/i];
const HIGHLIGHT = /\b(?:highlight|underline|mark up)\b|\bmark\b.*\b(?:terms?|definitions?|words|passage|sentence)\b/i;

export function recognize(said: string): StudyRequest {
  let m: RegExpExecArray | null;
  const first = (patterns: readonly RegExp[]) => patterns.map((pattern) => pattern.exec(said)).find(Boolean) ?? null;
  const lower = said.toLowerCase();

  if ((m = CARD_FOR.exec(said))) return { kind: 'flashcard-for', term: m[1]!.trim() };
  if ((m = /\badd\s+(.+?)\s+to my focus areas?\b/i.exec(said))) return { kind: 'focus-area', topic: m[1]! };
  if (QUIZ.test(said)) return { kind: 'quiz' };
  if (FLASHCARDS.some((pattern) => pattern.test(said))) return { kind: 'flashcards', page: Number(/\bpage (\d+)/.exec(lower)?.[1]) || undefined };
  if (first(FIX_NOTES)) return { kind: 'fix-notes' };
  if (first(PAGE_INTO_NOTES)) return { kind: 'page-into-notes' };
  if ((m = first(WHERE))) return { kind: 'where', what: m[1]!.trim() };
  if ((m = first(RELATED))) return { kind: 'related', topic: m[1]!.trim() };
  if ((m = first(SEARCH))) return { kind: 'search', query: trimEnd(m[1]!) };
  if (RECALL.test(said)) return { kind: 'recall' };
  if ((m = first(REMEMBER))) return { kind: 'remember', content: m[1]!.replace(/[.!]+$/, '') };
  if ((m = first(FORGET))) return { kind: 'forget', about: m[1]! };
  if ((m = first(PAGE))) return { kind: 'go-to-page', page: Number(m[1]) };
  if (HIGHLIGHT.test(said)) return { kind: 'highlight', quoted: /["“']([^"”']+)["”']/.exec(said)?.[1] };
  if (/^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b|\bwho are you\b/i.test(said)) return { kind: 'hello' };
  if (/^(?:help|\?)|\bwhat (?:can|do) (?:you|i)\b|\bhow (?:does|do) (?:this|it|you|i)\b/i.test(said)) return { kind: 'capabilities', asked: true };
  return { kind: 'capabilities', asked: false };
}
