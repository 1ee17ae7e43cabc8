/**
 * The languages a carousel can be written in (seed 000's session `language`, chosen in the settings modal). The
 * offline slide service takes its text from the user's draft, which is already in that language; what it adds of
 * its own (a question, a casual opening, a "why it matters" angle) comes from these phrases. A model-backed slide
 * service would be told the language instead, as the agent is in its system prompt.
 */
export interface LanguagePhrases {
  /** "Why send the agenda early?" */
  why(subject: string): string;
  /** A title that already was a question, asked the other way round. */
  whatIf(subject: string): string;
  casualOpening: string;
  formalOpening: string;
  matters(subject: string): string;
  whatChanges: string;
}

export interface Language {
  code: string;
  name: string;
  phrases: LanguagePhrases;
}

export const LANGUAGES: readonly Language[] = [
  {
    code: 'en',
    name: 'English',
    phrases: {
      why: (s) => `Why ${s}?`,
      whatIf: (s) => `What if you ${s}?`,
      casualOpening: 'Honestly, ',
      formalOpening: 'In short: ',
      matters: (s) => `Why ${s} matters`,
      whatChanges: 'What changes when you get this right?',
    },
  },
  {
    code: 'fr',
    name: 'Français',
    phrases: {
      why: (s) => `Pourquoi ${s} ?`,
      whatIf: (s) => `Et si vous ${s} ?`,
      casualOpening: 'Franchement, ',
      formalOpening: 'En bref : ',
      matters: (s) => `Pourquoi ${s} compte`,
      whatChanges: 'Qu’est-ce qui change quand on le fait bien ?',
    },
  },
  {
    code: 'de',
    name: 'Deutsch',
    phrases: {
      why: (s) => `Warum ${s}?`,
      whatIf: (s) => `Was wäre, wenn Sie ${s}?`,
      casualOpening: 'Ehrlich gesagt, ',
      formalOpening: 'Kurz gesagt: ',
      matters: (s) => `Warum ${s} zählt`,
      whatChanges: 'Was ändert sich, wenn das gelingt?',
    },
  },
  {
    code: 'es',
    name: 'Español',
    phrases: {
      why: (s) => `¿Por qué ${s}?`,
      whatIf: (s) => `¿Y si ${s}?`,
      casualOpening: 'Sinceramente, ',
      formalOpening: 'En resumen: ',
      matters: (s) => `Por qué ${s} importa`,
      whatChanges: '¿Qué cambia cuando lo haces bien?',
    },
  },
];

export function isLanguage(code: unknown): code is string {
  return LANGUAGES.some((language) => language.code === code);
}

/** The carousel's language, English for one saved before there was a choice (or with a code no longer offered). */
export function languageOf(code: string | undefined): Language {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0]!;
}
