import type { AgentChatStrings } from '../../i18n/strings.js';

export interface RenderOptions {
  /** Show `![alt](https://…)` as an image; otherwise (the default) its alt text. */
  allowImages: boolean;
  /** The element's texts (the copy button); English by default. */
  strings?: AgentChatStrings;
}
