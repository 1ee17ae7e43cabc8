import type { Usage } from '@agent-chat/protocol';

/** What one model's tokens cost, in US dollars per million tokens. Cache prices default to the input price. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/**
 * Prices by model: the provider's model id (`claude-sonnet-5`), or the whole `Model.name` (`anthropic:claude-sonnet-5`)
 * where two providers serve models of one id. `createAgentChat({ prices })`.
 */
export type Prices = Readonly<Record<string, ModelPrice>>;

/** The price of the model named `modelName` (a `Model.name`, `provider:model` for the adapters here). */
export function priceOf(prices: Prices | undefined, modelName: string): ModelPrice | undefined {
  if (!prices) return undefined;
  return prices[modelName] ?? prices[modelName.slice(modelName.indexOf(':') + 1)];
}

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

/** One model call's usage, with its cost when its model has a price. */
export function pricedUsage(usage: Usage, price: ModelPrice | undefined): Usage {
  if (!price) return usage;
  const cacheRead = usage.cacheReadTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const uncached = Math.max(0, usage.inputTokens - cacheRead - cacheWrite);
  const cost =
    (uncached * price.input + cacheRead * (price.cacheRead ?? price.input) + cacheWrite * (price.cacheWrite ?? price.input) + usage.outputTokens * price.output) /
    1_000_000;
  return { ...usage, cost };
}

/** Add `more` into `total`, field by field; an optional field appears once either side has it. */
export function addUsage(total: Usage, more: Usage): void {
  total.inputTokens += more.inputTokens;
  total.outputTokens += more.outputTokens;
  if (more.cacheReadTokens !== undefined) total.cacheReadTokens = (total.cacheReadTokens ?? 0) + more.cacheReadTokens;
  if (more.cacheWriteTokens !== undefined) total.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + more.cacheWriteTokens;
  if (more.cost !== undefined) total.cost = (total.cost ?? 0) + more.cost;
}

/** What `now` holds beyond `before` (a branch's usage since it went on after a pause). */
export function usageSince(now: Usage, before: Usage): Usage {
  const since: Usage = { inputTokens: now.inputTokens - before.inputTokens, outputTokens: now.outputTokens - before.outputTokens };
  const minus = (a: number | undefined, b: number | undefined) => (a === undefined ? undefined : a - (b ?? 0));
  const cacheRead = minus(now.cacheReadTokens, before.cacheReadTokens);
  const cacheWrite = minus(now.cacheWriteTokens, before.cacheWriteTokens);
  const cost = minus(now.cost, before.cost);
  return {
    ...since,
    ...(cacheRead !== undefined ? { cacheReadTokens: cacheRead } : {}),
    ...(cacheWrite !== undefined ? { cacheWriteTokens: cacheWrite } : {}),
    ...(cost !== undefined ? { cost } : {}),
  };
}
