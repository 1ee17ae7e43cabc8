/**
 * What the offline demo model understands: seed 003's requests in the words analysts use for them ("new fact: …",
 * "F-1 should say …", "get rid of F-2", "what is R-1 based on?", "any holes?", "where do we stand?"). Anything else is
 * `capabilities`, answered with what the agent can do as suggestion chips. Claude needs none of this.
 */
export type DemoRequest =
  | { kind: 'add'; entity: string; rest: string }
  | { kind: 'edit'; id: string; text: string }
  | { kind: 'delete'; id: string }
  | { kind: 'connections'; id: string }
  | { kind: 'review'; id: string; changed: string | undefined }
  | { kind: 'support'; id: string }
  | { kind: 'read'; id: string }
  | { kind: 'gaps' }
  | { kind: 'summary' }
  | { kind: 'hello' }
  /** "What can you do?" (asked), or a request not understood. */
  | { kind: 'capabilities'; asked: boolean };

const ID = String.raw`@?([IFNRO]-\d+)`;
const ENTITY = '(fact|insight|recommendation|output)';
const re = (source: string) => new RegExp(source, 'i');
const upper = (id: string) => id.replace(/^@/, '').toUpperCase();

const ADD = [
  re(String.raw`\b(?:add|create|record|log|note(?: down)?|write(?: down)?|put in|capture)\s+(?:a |an |one |another |this as an? )?(?:new )?${ENTITY}\b(?:\s+(?:that|saying|stating|about)\b)?[\s:]*(.+)$`),
  re(String.raw`^\s*(?:a\s+)?new ${ENTITY}\b(?:\s+(?:that|saying|stating|about)\b)?[\s:]*(.+)$`),
];
const EDIT = [
  re(String.raw`\b(?:edit|change|update|rewrite|reword|fix|set|rephrase)\s+(?:the\s+(?:text|wording)\s+of\s+)?(?:the\s+\w+\s+)?${ID}\s*(?:so (?:that )?it (?:says|reads)|to (?:say|read)|to|:|into)\s*:?\s*(.+)$`),
  re(String.raw`^\s*${ID}\s+should\s+(?:say|read|be)\s*:?\s*(.+)$`),
];
const DELETE = [
  re(String.raw`\b(?:delete|remove|drop|get rid of|erase|scrap|discard|take out|throw away|bin)\s+(?:the\s+)?(?:\w+\s+)?${ID}`),
  re(String.raw`${ID}\b.*?\b(?:delete|remove|drop|scrap) it\b`),
  re(String.raw`${ID}\s+(?:can|should|must) go\b`),
];
const CONNECT = [
  re(String.raw`\b(?:suggest|find|missing|propose|any)\s+(?:\w+\s+)?(?:connections?|links?|support)\s+(?:for|of|to)\s+${ID}`),
  re(String.raw`\b(?:connections?|links?)\s+(?:for|of)\s+${ID}`),
  re(String.raw`\b(?:what|where|how)\s+(?:could|should|might|can|does|would)\s+${ID}\s+(?:connect|link|fit|relate|tie)`),
  re(String.raw`\b(?:connect|link)\s+${ID}\s*[?.!]*$`),
];
const REVIEW = re(String.raw`\b(?:does|is)\s+${ID}\s+still\s+(?:hold|stand|valid|true|right|correct|apply|make sense)\b(?:.*?${ID})?`);
const SUPPORT = [
  re(String.raw`\b(?:what supports|what backs(?: up)?|why|what is behind|what's behind|trace|where does|evidence (?:for|behind)|how do we know|justify|sources? (?:for|of)|what led to)\b.*?${ID}`),
  re(String.raw`${ID}\b.*?\b(?:based on|rests? on|comes? from|backed by|supported by)\s*\??\s*$`),
];
const READ = re(String.raw`\b(?:what does|what do|show(?: me)?|read|open|tell me about|what is|what's|what was|look at|display)\s+${ID}`);
const GAPS = /\b(gaps?|missing|weak\w*|orphans?|holes?|unsupported|disconnected|loose ends?|blind spots?|needs? work|connections?|improve)\b/i;
const SUMMARY =
  /\b(summar\w*|overview|recap|state of|sum (?:it |this |the board )?up|big picture|where (?:do|are) we|what'?s on the board|what is on the board|how (?:is|does) the board|how many|status|tl;?dr|what do we have)\b/i;

export function recognize(text: string): DemoRequest {
  const t = text.trim();
  let m: RegExpExecArray | null = null;
  const first = (patterns: readonly RegExp[]) => patterns.map((pattern) => pattern.exec(t)).find(Boolean) ?? null;

  if ((m = first(ADD))) return { kind: 'add', entity: m[1]!.toLowerCase(), rest: m[2]! };
  if ((m = first(EDIT))) return { kind: 'edit', id: upper(m[1]!), text: m[2]! };
  if ((m = first(DELETE))) return { kind: 'delete', id: upper(m[1]!) };
  if ((m = first(CONNECT))) return { kind: 'connections', id: upper(m[1]!) };
  if ((m = REVIEW.exec(t))) return { kind: 'review', id: upper(m[1]!), changed: m[2] ? upper(m[2]) : undefined };
  if ((m = first(SUPPORT))) return { kind: 'support', id: upper(m[1]!) };
  if ((m = READ.exec(t))) return { kind: 'read', id: upper(m[1]!) };
  if (GAPS.test(t)) return { kind: 'gaps' };
  if (SUMMARY.test(t)) return { kind: 'summary' };
  if (/^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b|\bwho are you\b/i.test(t)) return { kind: 'hello' };
  if (/^(?:help|\?)|\bwhat (?:can|do) (?:you|i)\b|\bhow (?:does|do) (?:this|it|you|i)\b/i.test(t)) return { kind: 'capabilities', asked: true };
  return { kind: 'capabilities', asked: false };
}
