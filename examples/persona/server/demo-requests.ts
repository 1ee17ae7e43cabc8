/**
 * What the offline demo model understands: the requests of seed 002's showcase, milestones and test cases, in the
 * words people use for them ("rename it to Sunny", "get rid of the math test", "tell it to end with a question").
 * Anything else is `capabilities`. Claude needs none of this.
 */
export type DemoRequest =
  | { kind: 'rename'; name: string }
  | { kind: 'show'; focus: 'prompt' | 'name' | 'persona' }
  | { kind: 'append-prompt'; addition: string }
  | { kind: 'replace-prompt'; prompt: string }
  | { kind: 'rewrite-prompt' }
  | { kind: 'list-inputs' }
  | { kind: 'list-then-add'; content: string }
  | { kind: 'add-input'; content: string }
  | { kind: 'show-input'; id: string }
  | { kind: 'update-input'; id: string; content: string }
  | { kind: 'delete-input'; id: string }
  | { kind: 'delete-input-about'; topic: string }
  | { kind: 'hello' }
  /** "What can you do?" (asked), or a request not understood: what the agent can do, as chips. */
  | { kind: 'capabilities'; asked: boolean };

/** How a user names a test input: its id (`ti-math`), or a bare number such as the seed's "999". */
const ID = String.raw`["'“]?(ti-[\w-]+|\d+)["'”]?`;
/** "test input", and the shorter words people use for it. */
const TEST = String.raw`test(?:[ -]?input|[ -]?case|[ -]?prompt)?`;
const TESTS = String.raw`test(?:[ -]?input|[ -]?case|[ -]?prompt)?s`;
/** The system prompt, under the names people give it. */
const PROMPT = /\b(?:system prompt|prompt|instructions)\b/i;
const re = (source: string, flags = 'i') => new RegExp(source, flags);

const QUOTED = /^\s*["'“‘](.+)["'”’]\s*[.!]?\s*$/s;

/** The text without surrounding quotes and a final full stop; quoted text is kept exactly as written. */
function literal(text: string): string {
  const quoted = QUOTED.exec(text);
  if (quoted) return quoted[1]!.trim();
  return text.trim().replace(/[.!]+$/, '').trim();
}

/** A sentence for the system prompt from the user's words: "end with a question" → "End with a question." */
function sentence(words: string): string {
  const text = literal(words);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/** A test input for "add one about coding": a question a user of the persona might plausibly ask. */
function inputAbout(topic: string): string {
  return `I'm stuck on a ${literal(topic)} problem and don't know where to start. Can you help?`;
}

/**
 * "add a test asking what the weather is like" → "What is the weather like?": the indirect question turned back
 * into a direct one when it has the usual shape, else the user's words with a question mark.
 */
function inputAsking(words: string): string {
  if (QUOTED.test(words)) return literal(words);
  const text = literal(words).replace(/\?$/, '');
  const indirect = /^(how \w+|what|where|when|why|who)\s+(.+?)\s+(is|are|was|were)\b(.*)$/i.exec(text);
  return indirect ? sentence(`${indirect[1]} ${indirect[3]} ${indirect[2]}${indirect[4]}`).replace(/\.$/, '?') : sentence(text).replace(/\.$/, '?');
}

export function recognize(text: string): DemoRequest {
  const t = text.trim();
  let m: RegExpExecArray | null;

  // Test inputs first: "change test input ti-rain to …" names a test input, not the persona.
  if ((m = re(String.raw`\b(?:change|update|edit|set|replace)\b.*?\b${TEST}\s+(?:id\s+)?${ID}\s+(?:to|with)\b\s*:?\s*(.+)$`, 'is').exec(t))) {
    return { kind: 'update-input', id: m[1]!, content: literal(m[2]!) };
  }
  if ((m = re(String.raw`\b(?:delete|remove|drop|get rid of)\b.*?\b${TEST}\b.*?\babout\s+(.+?)\s*[.?!]?$`, 'is').exec(t))) {
    return { kind: 'delete-input-about', topic: literal(m[1]!) };
  }
  if ((m = re(String.raw`\b(?:delete|remove|drop|get rid of)\b.*?(?:\b${TEST}\s+(?:id\s+)?${ID}|\b(ti-[\w-]+))`).exec(t))) {
    return { kind: 'delete-input', id: (m[1] ?? m[2])! };
  }
  if ((m = re(String.raw`\b(?:delete|remove|drop|get rid of)\s+(?:the\s+)?([\w-]+(?:\s+[\w-]+)?)\s+(?:one|${TEST})\b`).exec(t))) {
    return { kind: 'delete-input-about', topic: m[1]! };
  }
  if ((m = re(String.raw`\b(?:show|read|get|open|what(?:'s| is| does))\b.*?\b${TEST}\s+(?:id\s+)?${ID}`).exec(t))) {
    return { kind: 'show-input', id: m[1]! };
  }
  if (re(String.raw`\b${TESTS}\b`).test(t) && /\b(?:list|show|what|which|all)\b/i.test(t) && (m = /\badd\b.*?(?:about\s+(.+?)|:\s*(.+?))\s*[.?!]?$/is.exec(t))) {
    return { kind: 'list-then-add', content: m[2] ? literal(m[2]) : inputAbout(m[1]!) };
  }
  if ((m = re(String.raw`\b(?:add|create|new|write)\b.*?\b${TEST}\b\s*(?:about\s+(.+?)|(?:asking|that asks|where the user asks)\s+(.+?)|:?\s*(.+?))\s*$`, 'is').exec(t))) {
    if (m[1]) return { kind: 'add-input', content: inputAbout(m[1].replace(/[.?!]+$/, '')) };
    if (m[2]) return { kind: 'add-input', content: inputAsking(m[2]) };
    if (m[3]) return { kind: 'add-input', content: literal(m[3]) };
  }

  // The system prompt: an addition in the user's words, a replacement, or a rewrite the script cannot write.
  if ((m = /\b(?:add|append)\s+(.+?)\s+to\s+(?:the\s+|its\s+)?(?:system\s+prompt|prompt|instructions)\b/is.exec(t))) {
    return { kind: 'append-prompt', addition: literal(m[1]!) };
  }
  if ((m = /\b(?:tell|instruct|ask) (?:it|the persona|this persona|her|him|them) to\s+(.+)$/is.exec(t))) {
    return { kind: 'append-prompt', addition: sentence(m[1]!) };
  }
  if ((m = /\b(?:make|have) (?:it|the persona|this persona|her|him|them) (always|never)\s+(.+)$/is.exec(t) ?? /\b(?:it|the persona|she|he|they) should (always|never)\s+(.+)$/is.exec(t))) {
    return { kind: 'append-prompt', addition: sentence(`${m[1]} ${m[2]}`) };
  }
  if (PROMPT.test(t) && /\b(?:set|change|replace|rewrite|update|make|improve|shorten|edit|fix|tweak|new)\b/i.test(t)) {
    m = /\b(?:to|with)\b\s*:?\s*(["'“].+["'”])\s*[.!]?\s*$/is.exec(t) ?? /(?:system prompt|prompt|instructions)\b[^:]*:\s*(.+)$/is.exec(t);
    return m ? { kind: 'replace-prompt', prompt: literal(m[1]!) } : { kind: 'rewrite-prompt' };
  }

  // The name.
  if (
    (m =
      /\b(?:change|set|update|rename)\b.*?\bname\b.*?\bto\b\s+(.+)$/is.exec(t) ??
      /\b(?:rename|call|name)\b\s+(?:it|this persona|the persona|her|him|them)\s+(?:to\s+)?(.+)$/is.exec(t) ??
      /\blet'?s call (?:it|this persona|the persona|her|him|them)\s+(.+)$/is.exec(t) ??
      /\b(?:the |its )?(?:new )?name (?:should be|will be|is now|:)\s*(.+)$/is.exec(t) ??
      /^\s*rename (?:to\s+)?(.+)$/is.exec(t))
  ) {
    return { kind: 'rename', name: literal(m[1]!) };
  }

  // Questions.
  if (PROMPT.test(t)) return { kind: 'show', focus: 'prompt' };
  if (re(String.raw`\b${TESTS}\b|\b${TEST}\b`).test(t)) return { kind: 'list-inputs' };
  if (/\b(?:name|called)\b/i.test(t) && /\?|\bwhat\b|\bwho\b/i.test(t)) return { kind: 'show', focus: 'name' };
  if (/\b(?:describe|about this persona|tell me about|show (?:me )?(?:the |this )?persona|who is this)\b/i.test(t)) return { kind: 'show', focus: 'persona' };
  if (/^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b|\bwho are you\b/i.test(t)) return { kind: 'hello' };
  if (/^(?:help|\?)\b|\bwhat (?:can|do) (?:you|i)\b|\bhow (?:does|do) (?:this|it|you|i)\b/i.test(t)) return { kind: 'capabilities', asked: true };
  return { kind: 'capabilities', asked: false };
}
