import type { Usage } from '@agent-chat/protocol';
import { usageFigures } from '../core/usage.js';
import { format } from '../i18n/shell-strings.js';

/**
 * The texts a usage is said with, in English: spread into the tables of the parts that show one (the sub-agent
 * tree's, the message actions'), so a host's override or a locale words both alike.
 */
export const usageEn = {
  /** Tokens a reply or a sub-agent used. */
  usageTokens: '{input} in, {output} out tokens',
  /** What they cost, when the server has prices. */
  usageCost: '{cost}',
};

/** "1,234 in, 56 out tokens · $0.0123" in `locale`. */
export function usageText(t: typeof usageEn, usage: Usage, locale: string | undefined): string {
  const figures = usageFigures(usage, locale);
  const tokens = format(t.usageTokens, { input: figures.input, output: figures.output });
  return figures.cost === undefined ? tokens : `${tokens} · ${format(t.usageCost, { cost: figures.cost })}`;
}
