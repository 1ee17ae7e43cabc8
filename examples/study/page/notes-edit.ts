// editNotes (seed 004, Notes Tools): the agent names the text to replace as the user sees it (plain text, no
// markdown marks) and it must occur exactly once; the page finds it in the markdown and swaps in newText (which may
// be markdown). The errors are written for the agent: they say what to do next.

export interface NotesEdit {
  notes: string;
  /** Where the new text sits in the new notes, to show the change. */
  from: number;
  to: number;
}

/** The notes as the user sees them, and for each visible character where it is in the markdown. */
export function plainProjection(markdown: string): { plain: string; map: number[] } {
  let plain = '';
  const map: number[] = [];
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const prefix = /^(?:#{1,6}\s+|\s*(?:[-*+]|\d+\.)\s+)/.exec(line)?.[0].length ?? 0;
    for (let i = prefix; i < line.length; i++) {
      const ch = line[i]!;
      if (ch === '*' || ch === '`') continue;
      plain += ch;
      map.push(offset + i);
    }
    plain += '\n';
    map.push(offset + line.length);
    offset += line.length + 1;
  }
  return { plain: plain.slice(0, -1), map: map.slice(0, -1) };
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

export function applyUniqueEdit(notes: string, textToReplace: string, newText: string): NotesEdit {
  if (!textToReplace) throw new Error('textToReplace is empty. Give the exact text to replace, as it appears in the notes.');
  const { plain, map } = plainProjection(notes);
  const inPlain = occurrences(plain, textToReplace);
  if (inPlain.length > 1) throw notUnique(textToReplace, inPlain.length, plain, inPlain);
  if (inPlain.length === 1) {
    const start = inPlain[0]!;
    let from = map[start]!;
    let to = map[start + textToReplace.length - 1]! + 1;
    // A match that starts or ends inside **bold** would leave half a marker behind: take the marker with it.
    if ((notes.slice(from, to).split('**').length - 1) % 2 === 1) {
      if (notes.slice(from - 2, from) === '**') from -= 2;
      else if (notes.slice(to, to + 2) === '**') to += 2;
    }
    return replace(notes, from, to, newText);
  }
  // The agent may have quoted the markdown itself (with its ** marks): accept that too, under the same rule.
  const inSource = occurrences(notes, textToReplace);
  if (inSource.length === 1) return replace(notes, inSource[0]!, inSource[0]! + textToReplace.length, newText);
  if (inSource.length > 1) throw notUnique(textToReplace, inSource.length, notes, inSource);
  throw new Error(
    `textToReplace "${short(textToReplace)}" was not found in the notes. Match the text as the user sees it (without markdown marks), exactly, including punctuation; call readNotes to see the current notes.`,
  );
}

function replace(notes: string, from: number, to: number, newText: string): NotesEdit {
  return { notes: notes.slice(0, from) + newText + notes.slice(to), from, to: from + newText.length };
}

function notUnique(text: string, count: number, haystack: string, at: number[]): Error {
  const lines = at.map((i) => {
    const start = haystack.lastIndexOf('\n', i) + 1;
    const end = haystack.indexOf('\n', i);
    return `"${haystack.slice(start, end === -1 ? undefined : end)}"`;
  });
  return new Error(
    `textToReplace "${short(text)}" appears ${count} times in the notes; it must be unique. Include more of the surrounding text so that it matches exactly once. It appears in: ${lines.join(', ')}.`,
  );
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
