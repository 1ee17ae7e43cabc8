/** A term the texts define as "**Term** is …": what the demo model turns into flashcards and highlights. */
export interface KeyTerm {
  term: string;
  definition: string;
  /** The defining sentence as the reader shows it (no bold marks), for highlightText. */
  sentence: string;
}

const DEFINITION = /\*\*([^*]+)\*\*\s+(?:is|are)\s+([^.]+)\./g;

export function keyTerms(markdown: string): KeyTerm[] {
  return [...markdown.matchAll(DEFINITION)].map((match) => {
    const term = match[1]!.trim();
    const rest = match[2]!.trim();
    return {
      term: term.charAt(0).toUpperCase() + term.slice(1),
      definition: `${rest.charAt(0).toUpperCase()}${rest.slice(1)}.`,
      sentence: match[0].replace(/\*\*/g, ''),
    };
  });
}
