import { z } from 'zod';
import { contextSchema } from './items.js';
import { toolKindSchema } from './turns.js';

/** What the element needs to know of a tool: for labels, slash autocomplete and confirmation forms. */
export const toolDescriptorSchema = z.object({
  name: z.string(),
  description: z.string(),
  kind: toolKindSchema,
  /** A label template such as "Reading slide {slide_index}", when the tool's label is a string. */
  label: z.string().optional(),
  /** true, false, or 'sometimes' when it depends on the input. */
  needsConfirmation: z.union([z.boolean(), z.literal('sometimes')]),
  inputSchema: z.record(z.string(), z.unknown()),
  /** How the element shows a call: a chip (default), the turn's final answer card, or not at all. */
  display: z.enum(['chip', 'answer', 'hidden']).optional(),
});
export type ToolDescriptor = z.infer<typeof toolDescriptorSchema>;

/** The input of a tool shown as an answer card (seed 004's structured final answer). */
export const finalAnswerSchema = z.object({
  summary: z.string().describe('The answer in a few sentences, in markdown'),
  links: z
    .array(z.object({ title: z.string(), url: z.string().describe('An http(s) URL, or a path of the app') }))
    .optional()
    .describe('Sources or places in the app the user may want to open'),
  suggestions: z.array(z.string()).max(4).optional().describe('Short follow-up messages the user can send with one click'),
});
export type FinalAnswer = z.infer<typeof finalAnswerSchema>;

export const commandArgSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
});

/** A slash command run on the server without the model (`/next`, `/stage 3`). */
export const commandDescriptorSchema = z.object({
  name: z.string(),
  description: z.string(),
  args: z.array(commandArgSchema),
});
export type CommandDescriptor = z.infer<typeof commandDescriptorSchema>;

export const toolsResponseSchema = z.object({
  tools: z.array(toolDescriptorSchema),
  /** Every command the agent defines, whatever its availability (POST .../commands lists those usable now). */
  commands: z.array(commandDescriptorSchema),
});
export type ToolsResponse = z.infer<typeof toolsResponseSchema>;

/** POST /sessions/:sessionId/commands: which commands can be used now, for the page's context. */
export const commandsRequestSchema = z.object({
  context: contextSchema.optional(),
});
export type CommandsRequest = z.infer<typeof commandsRequestSchema>;

/** The commands whose `available` says yes for this session and context: what the composer's `/` lists. */
export const commandsResponseSchema = z.object({
  commands: z.array(commandDescriptorSchema),
});
export type CommandsResponse = z.infer<typeof commandsResponseSchema>;
