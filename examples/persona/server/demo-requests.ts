/**
 * What the offline demo model understands: the requests of seed 002's showcase, milestones and test cases,
 * recognised from the user's words. Anything else is `help`. Claude needs none of this.
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
  | { kind: 'help' };

/** How a user names a test input: its id (`ti-math`), or a bare number such as the seed's "999". */
const ID = String.raw`["'“]?(ti-[\w-]+|\d+)["'”]?`;
const re = (source: string, flags = 'i') => new RegExp(source, flags);

const QUOTED = /^\s*["'“‘](.+)["'”’]\s*[.!]?\s*$/s;

/** The text without surrounding quotes and a final full stop; quoted text is kept exactly as written. */
function literal(text: string): string {
  const quoted = QUOTED.exec(text);
  if (quoted) return quoted[1]!.trim();
  return text.trim().replace(/[.!]+$/, '').trim();
}

/** A test input for "add one about coding": a question a user of the persona might plausibly ask. */
function inputAbout(topic: string): string {
  return `I'm stuck on a ${literal(topic)} problem and don't know where to start. Can you help?`;
}

export function recognize(text: string): DemoRequest {
  const t = text.trim();
  let m: RegExpExecArray | null;

  if ((m = re(String.raw`\b(?:change|update|edit|set)\b.*?\btest input\s+${ID}\s+(?:to|with)\b\s*:?\s*(.+)$`, 'is').exec(t))) {
    return { kind: 'update-input', id: m[1]!, content: literal(m[2]!) };
  }
  if ((m = /\b(?:delete|remove)\b.*?\btest input\b.*?\babout\s+(.+?)\s*[.?!]?$/is.exec(t))) {
    return { kind: 'delete-input-about', topic: literal(m[1]!) };
  }
  if ((m = re(String.raw`\b(?:delete|remove)\b.*?\btest input\s+(?:id\s+)?${ID}`).exec(t))) {
    return { kind: 'delete-input', id: m[1]! };
  }
  if ((m = re(String.raw`\b(?:show|read|get|open|what(?:'s| is))\b.*?\btest input\s+(?:id\s+)?${ID}`).exec(t))) {
    return { kind: 'show-input', id: m[1]! };
  }
  if (/\btest inputs\b/i.test(t) && /\b(?:list|show|what|which|all)\b/i.test(t) && (m = /\badd\b.*?(?:about\s+(.+?)|:\s*(.+?))\s*[.?!]?$/is.exec(t))) {
    return { kind: 'list-then-add', content: m[2] ? literal(m[2]) : inputAbout(m[1]!) };
  }
  if ((m = /\b(?:add|create|new)\b.*?\btest input\b\s*(?:about\s+(.+?)|:?\s*(.+?))\s*$/is.exec(t)) && (m[1] || m[2])) {
    return { kind: 'add-input', content: m[1] ? inputAbout(m[1].replace(/[.?!]+$/, '')) : literal(m[2]!) };
  }
  if ((m = /\b(?:add|append)\s+(.+?)\s+to\s+the\s+(?:system\s+)?prompt\b/is.exec(t))) {
    return { kind: 'append-prompt', addition: literal(m[1]!) };
  }
  if (/\bsystem prompt\b/i.test(t) && /\b(?:set|change|replace|rewrite|update|make)\b/i.test(t)) {
    m = /\b(?:to|with)\b\s*:?\s*(["'“].+["'”])\s*[.!]?\s*$/is.exec(t) ?? /system prompt\b[^:]*:\s*(.+)$/is.exec(t);
    return m ? { kind: 'replace-prompt', prompt: literal(m[1]!) } : { kind: 'rewrite-prompt' };
  }
  if ((m = /\b(?:change|set|update|rename)\b.*?\bname\b.*?\bto\b\s+(.+)$/is.exec(t)) ?? (m = /\b(?:rename|call)\b\s+(?:it|this persona|the persona)\s+(?:to\s+)?(.+)$/is.exec(t))) {
    return { kind: 'rename', name: literal(m[1]!) };
  }
  if (/\bprompt\b/i.test(t)) return { kind: 'show', focus: 'prompt' };
  if (/\btest inputs?\b/i.test(t)) return { kind: 'list-inputs' };
  if (/\bname\b/i.test(t) && /\?|\bwhat\b/i.test(t)) return { kind: 'show', focus: 'name' };
  if (/\b(?:describe|about this persona|tell me about|show (?:me )?(?:the )?persona)\b/i.test(t)) return { kind: 'show', focus: 'persona' };
  return { kind: 'help' };
}
