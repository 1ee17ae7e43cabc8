import type { Usage } from '@agent-chat/protocol';

/**
 * Several runs' or branches' tokens as one: every count added; the cost only when each of them has one (a sum
 * with a run left out would read as the whole). Undefined for none.
 */
export function sumUsage(list: readonly Usage[]): Usage | undefined {
  if (list.length === 0) return undefined;
  const sum = (key: Exclude<keyof Usage, 'cost'>) => list.reduce((total, usage) => total + (usage[key] ?? 0), 0);
  const total: Usage = { inputTokens: sum('inputTokens'), outputTokens: sum('outputTokens') };
  const cacheRead = sum('cacheReadTokens');
  const cacheWrite = sum('cacheWriteTokens');
  if (cacheRead) total.cacheReadTokens = cacheRead;
  if (cacheWrite) total.cacheWriteTokens = cacheWrite;
  if (list.every((usage) => usage.cost !== undefined)) total.cost = list.reduce((cost, usage) => cost + usage.cost!, 0);
  return total;
}

/** A usage's figures as a person reads them in `locale`: counts with their grouping, the cost in US dollars. */
export interface UsageFigures {
  input: string;
  output: string;
  cost: string | undefined;
}

export function usageFigures(usage: Usage, locale: string | undefined): UsageFigures {
  const count = new Intl.NumberFormat(locale);
  const { cost } = usage;
  // A cent's fractions matter for one sub-agent's call: below a dollar, three significant digits; above, cents.
  const dollars = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', ...(cost !== undefined && cost < 1 ? { maximumSignificantDigits: 3 } : {}) });
  return {
    input: count.format(usage.inputTokens),
    output: count.format(usage.outputTokens),
    cost: cost === undefined ? undefined : dollars.format(cost),
  };
}
