import { z } from 'zod';

/**
 * What a running tool call asks the user for, while it waits (it is not paused like a confirmation: the call goes on
 * once answered):
 * - `form`: fill in a form drawn from `schema` (an MCP server's `elicitation/create` in form mode);
 * - `url`: open `url` and finish something there (elicitation in URL mode); never opened without the user's click;
 * - `sampling`: let the app's model answer the server's `sampling` request (`messages`, `systemPrompt`, `maxTokens`).
 */
export const inputRequestKindSchema = z.enum(['form', 'url', 'sampling']);
export type InputRequestKind = z.infer<typeof inputRequestKindSchema>;

export const inputActionSchema = z.enum(['accept', 'decline', 'cancel']);
export type InputAction = z.infer<typeof inputActionSchema>;

/** A value of a form's field, as MCP's elicitation schema allows: text, a number, a yes/no, or several choices. */
export const inputValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type InputValue = z.infer<typeof inputValueSchema>;

/**
 * A form, as MCP elicitation describes one: a flat object of fields, each a string (with `format` email, uri, date or
 * date-time, lengths, a pattern), a number or integer (with a range), a boolean, a single-select enum (`enum` or
 * `oneOf` with titles) or a multi-select one (`type: "array"` of such items), each with its `title`, `description` and
 * `default`. Kept as JSON Schema; the server checks answers against it.
 */
export const inputFormSchema = z
  .object({
    type: z.literal('object'),
    properties: z.record(z.string(), z.record(z.string(), z.unknown())),
    required: z.array(z.string()).optional(),
  })
  .passthrough();
export type InputFormSchema = z.infer<typeof inputFormSchema>;

/** One message of a sampling request, as the user is shown it before approving. */
export const samplingMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  /** Its text; an image or audio is named in brackets (`[image: image/png]`). */
  text: z.string(),
});
export type SamplingMessage = z.infer<typeof samplingMessageSchema>;

export const samplingRequestSchema = z.object({
  messages: z.array(samplingMessageSchema),
  systemPrompt: z.string().optional(),
  /** The most tokens the answer may have: the smaller of the server's ask and the host's cap. */
  maxTokens: z.number().int().positive(),
});
export type SamplingRequestInfo = z.infer<typeof samplingRequestSchema>;

/** How an input request was answered; `content` is the form's values of an accepted form. */
export const inputAnswerSchema = z.object({
  action: inputActionSchema,
  content: z.record(z.string(), inputValueSchema).optional(),
  /**
   * Who answered: the user, or the server on their behalf, when the run was stopped (`stopped`), the request waited
   * too long (`timeout`), its run ended without an answer (`ended`), or whoever asked gave up asking (`withdrawn`:
   * an MCP server cancelled its request). All but `user` come with `cancel`.
   */
  by: z.enum(['user', 'stopped', 'timeout', 'ended', 'withdrawn']),
});
export type InputAnswer = z.infer<typeof inputAnswerSchema>;

/**
 * An input request as stored with the session (GET /sessions/:id lists them) and as the `input_request` event brings
 * it. `answer` is set once it is answered; until then the call that asked waits.
 */
export const inputRequestSchema = z.object({
  requestId: z.string(),
  /** The tool call that asked; its card is drawn with that call. */
  toolCallId: z.string(),
  /** The call's sub-agent, when a sub-agent's call asked. */
  parentCallId: z.string().optional(),
  /** Who asks, as the user should read it: the MCP server's name, or the tool's label. */
  server: z.string(),
  kind: inputRequestKindSchema,
  message: z.string(),
  /** A form's fields (`kind: 'form'`). */
  schema: inputFormSchema.optional(),
  /** The page to open (`kind: 'url'`). */
  url: z.string().optional(),
  /** What the app's model is asked (`kind: 'sampling'`). */
  sampling: samplingRequestSchema.optional(),
  /** When the server answers `cancel` for the user (ms since the epoch). */
  expiresAt: z.number().optional(),
  answer: inputAnswerSchema.optional(),
});
export type InputRequest = z.infer<typeof inputRequestSchema>;

/** POST /sessions/:sessionId/input-requests/:requestId. `content` only with `accept`, checked against the form's schema. */
export const answerInputRequestSchema = z.object({
  action: inputActionSchema,
  content: z.record(z.string(), inputValueSchema).optional(),
});
export type AnswerInputRequest = z.infer<typeof answerInputRequestSchema>;

/** The answer to that POST: the request with its answer. */
export const answerInputResponseSchema = z.object({
  request: inputRequestSchema,
});
export type AnswerInputResponse = z.infer<typeof answerInputResponseSchema>;
