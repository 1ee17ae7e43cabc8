import { z } from 'zod';

/**
 * Tokens a run (or one branch of it) used, summed over its model calls. `inputTokens` counts a request's whole input,
 * cached parts included, as the providers bill it; `cacheReadTokens` and `cacheWriteTokens` say how much of it was
 * read from or written to the prompt cache. `cost` (US dollars) is there when the server was given prices
 * (`createAgentChat({ prices })`): the calls of a model it has no price for count no cost. A model call cut off (Stop,
 * a failure) reports no usage, so it is not counted.
 */
export const usageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
  cost: z.number().optional(),
});
export type Usage = z.infer<typeof usageSchema>;
