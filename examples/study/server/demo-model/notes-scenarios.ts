import type { ScriptedResponse, ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { field, lastResultOf, outputText, resultsOf } from './history.js';
import { keyTerms } from './key-terms.js';

/** Misspellings the demo model knows how to fix; a real model needs no list. */
const TYPOS: Readonly<Record<string, string>> = {
  mitossis: 'mitosis',
  chromosone: 'chromosome',
  cytokenesis: 'cytokinesis',
  photosynthesys: 'photosynthesis',
  chlorophyl: 'chlorophyll',
};

/**
 * "Fix my notes": readNotes → editNotes with the misspelt word alone. When it occurs more than once the page refuses
 * (textToReplace must be unique) and the error comes back as a result; the model then retries once per occurrence
 * with enough surrounding words to be unique, as seed 004 asks ("include context if needed").
 */
export function fixNotes(since: readonly Turn[]): ScriptedRun {
  const notes = field<string>(lastResultOf(since, 'readNotes')?.output, 'notes') ?? '';
  const typo = Object.keys(TYPOS).map((word) => notes.match(new RegExp(word, 'i'))?.[0]).find(Boolean);
  const read: ScriptedResponse = [{ tool: 'readNotes', input: {} }];
  if (!typo) return [read, [{ text: notes ? 'I read your notes and found no spelling mistakes to fix. They look good!' : 'Your notes for this document are empty, so there is nothing to fix yet.' }]];

  const fix = matchCase(typo, TYPOS[typo.toLowerCase()]!);
  const edits = resultsOf(since, 'editNotes');
  const first = edits[0];
  const firstTry: ScriptedResponse = [{ tool: 'editNotes', input: { textToReplace: typo, newText: fix } }];
  if (first && !first.isError) return [read, firstTry, [{ text: `Fixed: “${typo}” → “${fix}”.` }]];

  const retries = uniqueSpans(notes, typo).map((span) => ({ tool: 'editNotes', input: { textToReplace: span, newText: span.replace(typo, fix) } }));
  const fixed = edits.slice(1).filter((e) => !e.isError).length;
  const stillFailing = edits.slice(1).filter((e) => e.isError).map(outputText);
  return [
    read,
    firstTry,
    retries,
    [
      {
        text:
          `“${typo}” appears ${retries.length} times in your notes, so I fixed each one with its surrounding words: ${fixed} of ${retries.length} corrected to “${fix}”.` +
          (stillFailing.length ? ` Some edits failed: ${stillFailing.join('; ')}` : ''),
      },
    ],
  ];
}

/** "Add this page to my notes": readPage → addNote with a section of the page's key terms, the rest left as it is. */
export function pageIntoNotes(since: readonly Turn[]): ScriptedRun {
  const page = lastResultOf(since, 'readPage')?.output;
  const pageNumber = field<number>(page, 'pageNumber') ?? 1;
  const terms = keyTerms(field<string>(page, 'text') ?? '');
  const section = [`## Key terms, page ${pageNumber}`, ...terms.map((t) => `- **${t.term}**: ${t.definition}`)].join('\n');
  const added = lastResultOf(since, 'addNote');
  return [
    [{ tool: 'readPage', input: {} }],
    [{ tool: 'sendStatusMessage', input: { message: 'Happy to, let me add the key terms of this page to your notes.' } }],
    [{ tool: 'addNote', input: { content: section, sourcePageNumber: pageNumber } }],
    [{ text: added?.isError ? `That did not work: ${outputText(added)}` : `Added ${terms.length} key terms from page ${pageNumber} at the end of your notes.` }],
  ];
}

/** For each occurrence of `word`, the shortest run of words starting there that occurs exactly once. */
function uniqueSpans(text: string, word: string): string[] {
  const spans: string[] = [];
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
    const line = text.slice(at, text.indexOf('\n', at) === -1 ? undefined : text.indexOf('\n', at));
    const words = line.split(' ');
    for (let n = 1; n <= words.length; n++) {
      const span = words.slice(0, n).join(' ');
      if (text.split(span).length === 2) {
        spans.push(span);
        break;
      }
    }
  }
  return spans;
}

function matchCase(original: string, replacement: string): string {
  return original.charAt(0) === original.charAt(0).toUpperCase() ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}
