import { cardsEn, type CardStrings } from './card-strings.js';
import { en, type AgentChatStrings } from '../../i18n/strings.js';

/** What a card part reads: the conversation's texts and the cards' own (card-strings.ts). */
export type CardTextTable = AgentChatStrings & CardStrings;

/** The two tables as one, in English: a card part's Texts, resolved once for every card part that shows them. */
export const cardTextsEn: CardTextTable = { ...en, ...cardsEn };
