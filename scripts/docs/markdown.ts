// Reading markdown the way the docs test needs it: fenced code blocks with their info strings, links with their
// lines, and headings as GitHub slugs them. Small on purpose: the docs are ours and use plain CommonMark.

export interface CodeBlock {
  /** The line of the opening fence, 1-based. */
  line: number;
  /** The first word of the info string: `ts`, `html`, `sh`… */
  lang: string;
  /** The words after it, e.g. `partial`. */
  flags: string[];
  code: string;
}

export interface Link {
  line: number;
  target: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)\s*(.*)$/;

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (!open) continue;
    const fence = open[1]!;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[end]!)) body.push(lines[end++]!);
    blocks.push({ line: index + 1, lang: open[2]!.toLowerCase(), flags: open[3]!.split(/\s+/).filter(Boolean), code: body.join('\n') });
    index = end;
  }
  return blocks;
}

/** The text with code blocks and inline code blanked (same lines), so that links and words in code are not read as prose. */
export function prose(markdown: string): string {
  const lines = markdown.split('\n');
  for (const block of codeBlocks(markdown)) {
    const bodyLines = block.code === '' ? 0 : block.code.split('\n').length;
    for (let line = block.line; line <= block.line + bodyLines; line++) lines[line] = '';
  }
  return lines.map((line) => line.replace(/(`+)[^`]*?\1/g, '')).join('\n');
}

/** Inline links and images `[text](target)`, reference definitions `[id]: target`, and `href="…"`. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  prose(markdown)
    .split('\n')
    .forEach((text, index) => {
      const line = index + 1;
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line, target: match[1]! });
      for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)) found.push({ line, target: match[1]! });
      for (const match of text.matchAll(/href="([^"]+)"/g)) found.push({ line, target: match[1]! });
    });
  return found;
}

/** The anchors GitHub gives the file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  const lines = markdown.split('\n');
  const inCode = new Set<number>();
  for (const block of codeBlocks(markdown)) {
    const bodyLines = block.code === '' ? 0 : block.code.split('\n').length;
    for (let line = block.line - 1; line <= block.line + bodyLines; line++) inCode.add(line);
  }
  lines.forEach((line, index) => {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading || inCode.has(index)) return;
    const text = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>\s]+>/g, (tag) => (/^<\/?[a-z][\w-]*>$/.test(tag) && !tag.includes('-') ? '' : tag))
      .replace(/[`*]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  });
  return slugs;
}
