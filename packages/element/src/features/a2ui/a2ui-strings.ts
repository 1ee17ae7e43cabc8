import { en, type AgentChatStrings } from '../../i18n/strings.js';

/**
 * The A2UI parts' texts, in English: kept out of the conversation's table so they travel in the a2ui chunk, which a
 * plain text conversation never loads. A host overrides them like any other key (`el.strings`).
 */
export const a2uiEn = {
  /** The user's act on a surface, in place of an empty message. */
  a2uiAct: 'You pressed {name}',
  /** A surface message the renderer refused. */
  a2uiError: 'This view could not be drawn: {message}',
};

export type A2uiTextTable = AgentChatStrings & typeof a2uiEn;
export const a2uiTextsEn: A2uiTextTable = { ...en, ...a2uiEn };
