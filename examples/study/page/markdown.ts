// Just enough markdown for study texts and notes: headings, bullet and numbered lists, paragraphs, **bold**,
// *italic*, `code`. Every block carries the source lines it came from (data-from, data-to), so the notes panel can
// flash the blocks an edit touched.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function inlineMarkdown(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, '$1<em>$2</em>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}

interface Block {
  kind: 'h1' | 'h2' | 'h3' | 'p' | 'ul' | 'ol';
  lines: string[];
  from: number;
  to: number;
}

export function renderMarkdown(source: string): string {
  return blocks(source)
    .map((block) => {
      const at = `data-from="${block.from}" data-to="${block.to}"`;
      if (block.kind === 'ul' || block.kind === 'ol') {
        const items = block.lines.map((line) => `<li>${inlineMarkdown(line.replace(/^\s*(?:[-*+]|\d+\.)\s+/, ''))}</li>`).join('');
        return `<${block.kind} ${at}>${items}</${block.kind}>`;
      }
      const text = block.lines.map((line) => inlineMarkdown(line.replace(/^#{1,6}\s+/, ''))).join(' ');
      return `<${block.kind} ${at}>${text}</${block.kind}>`;
    })
    .join('\n');
}

function blocks(source: string): Block[] {
  const result: Block[] = [];
  const lines = source.split('\n');
  let current: Block | undefined;
  lines.forEach((line, index) => {
    const heading = /^(#{1,6})\s+/.exec(line);
    const kind: Block['kind'] | undefined = heading
      ? (`h${Math.min(heading[1]!.length, 3)}` as Block['kind'])
      : /^\s*[-*+]\s+/.test(line)
        ? 'ul'
        : /^\s*\d+\.\s+/.test(line)
          ? 'ol'
          : line.trim()
            ? 'p'
            : undefined;
    if (!kind) {
      current = undefined;
      return;
    }
    if (current && current.kind === kind && kind !== 'h1' && kind !== 'h2' && kind !== 'h3') {
      current.lines.push(line);
      current.to = index;
      return;
    }
    current = { kind, lines: [line], from: index, to: index };
    result.push(current);
    if (heading) current = undefined;
  });
  return result;
}
