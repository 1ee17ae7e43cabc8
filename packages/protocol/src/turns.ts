import { z } from 'zod';
import { toolViewSchema, viewResultSchema } from './views.js';
import { referenceSchema } from './items.js';
import { confirmationSchema } from './preview.js';
import { turnAttachmentSchema, uploadIdSchema } from './uploads.js';
import { usageSchema } from './usage.js';
import { a2uiActionSchema, a2uiMessageSchema } from './a2ui.js';

const base = {
  id: z.string(),
  createdAt: z.number(),
  /**
   * Set on a sub-agent's turns, which a session keeps apart from its own (`subagentTurns`): the call that started
   * that sub-agent. Each sub-agent's turns, in order, are the conversation its model had.
   */
  parentCallId: z.string().optional(),
};

export const userTurnSchema = z.object({
  ...base,
  type: z.literal('user'),
  text: z.string(),
  references: z.array(referenceSchema).optional(),
  /** Host items, and uploads kept by reference (`{ uploadId, name, mediaType, size }`: the bytes stay in the blob store). */
  attachments: z.array(turnAttachmentSchema).optional(),
  /** Set when the text was a slash command run without the model. */
  command: z.string().optional(),
  /** Set when the host sent this message on the user's behalf (a trigger). */
  trigger: z.string().optional(),
  /**
   * Set when the user acted on an A2UI surface (pressed its Book button): the message is that act, `text` is empty,
   * and the model is told what the user did, with the action's context and the surface's data model.
   */
  action: a2uiActionSchema.optional(),
});

export const assistantTextTurnSchema = z.object({
  ...base,
  type: z.literal('assistant_text'),
  text: z.string(),
});

export const thinkingTurnSchema = z.object({
  ...base,
  type: z.literal('thinking'),
  text: z.string(),
  /** Provider signature that lets the thinking be sent back to the model. Unsigned thinking is display-only. */
  signature: z.string().optional(),
  /** Encrypted thinking the provider redacted; kept so the history stays valid. */
  redacted: z.string().optional(),
});

export const toolKindSchema = z.enum(['read', 'write', 'client']);
export type ToolKind = z.infer<typeof toolKindSchema>;

export const toolCallTurnSchema = z.object({
  ...base,
  type: z.literal('tool_call'),
  toolCallId: z.string(),
  name: z.string(),
  input: z.unknown(),
  kind: toolKindSchema.optional(),
  label: z.string().optional(),
  /** The call started a sub-agent: its turns are the session's `subagentTurns` with this call as `parentCallId`. */
  subagent: z.boolean().optional(),
  /** The call is drawn as its MCP server's interactive view (MCP Apps). */
  view: toolViewSchema.optional(),
});

/**
 * One part of a tool result that carries more than text (a tool that returned `toolContent([...])`, an MCP tool with
 * an image): text, or an image the model reads (PNG, JPEG, GIF or WebP). An image is kept by reference in the
 * server's uploads store when it has one (`uploadId`, readable by the session's owner at `GET /uploads/:id`), else
 * inline as base64 (`data`, up to `limits.toolImageBytes`); one that cannot be kept is a text part saying so.
 */
export const toolResultPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('image'),
    mediaType: z.string(),
    /** The image's size in bytes. */
    size: z.number(),
    /** The bytes, base64, when the server keeps no uploads store. */
    data: z.string().optional(),
    /** The upload that holds the bytes, when it does. */
    uploadId: uploadIdSchema.optional(),
  }),
]);
export type ToolResultPart = z.infer<typeof toolResultPartSchema>;

export const toolResultTurnSchema = z.object({
  ...base,
  type: z.literal('tool_result'),
  toolCallId: z.string(),
  name: z.string().optional(),
  output: z.unknown(),
  isError: z.boolean(),
  /**
   * The run was stopped while this call ran (or before it could run): a third outcome beside success and error.
   * With `isError: false` the output is the part of the work the tool did before it stopped.
   */
  stopped: z.boolean().optional(),
  /** Set when the call waited for the user's confirmation: how they answered, and what the card showed. */
  confirmation: confirmationSchema.optional(),
  /**
   * The result as parts, when it holds images: what the model is sent. `output` is then its text, with each image
   * named in a note (`[image: image/png, 12.3 KB]`), for clients that show only text.
   */
  content: z.array(toolResultPartSchema).optional(),
  /**
   * Shown to the user, not sent to the model: parts the tool meant for people only (an MCP tool's content annotated
   * `audience: ["user"]`), kept as `content`'s parts are. The provider adapters read `output` and `content` only.
   */
  display: z.array(toolResultPartSchema).optional(),
  /** A call drawn as a view (MCP Apps): the MCP result as its server returned it, for the view (see ViewResult). */
  viewResult: viewResultSchema.optional(),
  /** A sub-agent's call: the tokens its run used, its nested sub-agents' included. */
  usage: usageSchema.optional(),
});

export const statusTurnSchema = z.object({
  ...base,
  type: z.literal('status'),
  text: z.string(),
  /** Set for the server's own notices, so the element can show them in its language: `cancelled`, `undone`, `max_steps`. */
  code: z.string().optional(),
  /**
   * A tool's progress (`ctx.status` in a tool that shows as a step): the call it reports on. The element shows the
   * latest one on that call's step while it runs, and not as a line of its own.
   */
  toolCallId: z.string().optional(),
});

/**
 * A2UI messages a tool sent (see the `ui` event), kept in order with the rest of the conversation: replayed from the
 * first, they draw each surface as it was last. The model is not sent them; the tool's result speaks for them.
 */
export const uiTurnSchema = z.object({
  ...base,
  type: z.literal('ui'),
  toolCallId: z.string(),
  messages: z.array(a2uiMessageSchema).min(1),
});

export const errorTurnSchema = z.object({
  ...base,
  type: z.literal('error'),
  message: z.string(),
  code: z.string().optional(),
});

/** One conversation is a flat list of turns (seed 002). Only the provider adapters know other shapes. */
export const turnSchema = z.discriminatedUnion('type', [
  userTurnSchema,
  assistantTextTurnSchema,
  thinkingTurnSchema,
  toolCallTurnSchema,
  toolResultTurnSchema,
  statusTurnSchema,
  uiTurnSchema,
  errorTurnSchema,
]);

export type UserTurn = z.infer<typeof userTurnSchema>;
export type AssistantTextTurn = z.infer<typeof assistantTextTurnSchema>;
export type ThinkingTurn = z.infer<typeof thinkingTurnSchema>;
export type ToolCallTurn = z.infer<typeof toolCallTurnSchema>;
export type ToolResultTurn = z.infer<typeof toolResultTurnSchema>;
export type StatusTurn = z.infer<typeof statusTurnSchema>;
export type UiTurn = z.infer<typeof uiTurnSchema>;
export type ErrorTurn = z.infer<typeof errorTurnSchema>;
export type Turn = z.infer<typeof turnSchema>;
export type TurnType = Turn['type'];
