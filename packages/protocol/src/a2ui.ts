import { z } from 'zod';

// A2UI v0.9 (https://a2ui.org): the messages an agent sends to describe a UI surface for the client to draw with its
// own widgets. The envelope is checked here, strictly, as the spec's `server_to_client.json` states it: one of the
// four operations, each with its own fields and no others. What a component may hold is its catalog's business (the
// client's renderer checks it), so a component is checked for its `id` and `component` name only.

/** The A2UI version every message names in its `version`. */
export const A2UI_VERSION = 'v0.9';

/** The v0.9 basic catalog's id, as the spec's own examples name it. */
export const A2UI_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

const surfaceId = z.string().min(1);

/** One component of a surface: its `id` (one of them is `root`), its catalog `component` name and its properties. */
export const a2uiComponentSchema = z.looseObject({ id: z.string().min(1), component: z.string().min(1) });
export type A2uiComponent = z.infer<typeof a2uiComponentSchema>;

export const a2uiCreateSurfaceSchema = z.strictObject({
  version: z.literal(A2UI_VERSION),
  createSurface: z.strictObject({
    surfaceId,
    catalogId: z.string().min(1),
    theme: z.record(z.string(), z.unknown()).optional(),
    /** The client sends the surface's data model with each action. */
    sendDataModel: z.boolean().optional(),
  }),
});

export const a2uiUpdateComponentsSchema = z.strictObject({
  version: z.literal(A2UI_VERSION),
  updateComponents: z.strictObject({ surfaceId, components: z.array(a2uiComponentSchema).min(1) }),
});

export const a2uiUpdateDataModelSchema = z.strictObject({
  version: z.literal(A2UI_VERSION),
  updateDataModel: z.strictObject({
    surfaceId,
    /** A JSON pointer into the data model; absent or `/` is the whole model. */
    path: z.string().optional(),
    /** The value to put there; absent removes it. */
    value: z.unknown().optional(),
  }),
});

export const a2uiDeleteSurfaceSchema = z.strictObject({
  version: z.literal(A2UI_VERSION),
  deleteSurface: z.strictObject({ surfaceId }),
});

/** One A2UI v0.9 server-to-client message. */
export const a2uiMessageSchema = z.union([
  a2uiCreateSurfaceSchema,
  a2uiUpdateComponentsSchema,
  a2uiUpdateDataModelSchema,
  a2uiDeleteSurfaceSchema,
]);
export type A2uiMessage = z.infer<typeof a2uiMessageSchema>;

/** The surface a message is about. */
export function a2uiSurfaceId(message: A2uiMessage): string {
  if ('createSurface' in message) return message.createSurface.surfaceId;
  if ('updateComponents' in message) return message.updateComponents.surfaceId;
  if ('updateDataModel' in message) return message.updateDataModel.surfaceId;
  return message.deleteSurface.surfaceId;
}

/**
 * A user's act on a surface, as a client sends it back in a new run's input: the action's `name` and resolved
 * `context` (A2UI's `action` event), and the surface's data model where its `createSurface` asked for it
 * (`sendDataModel`).
 */
export const a2uiActionSchema = z.strictObject({
  surfaceId,
  name: z.string().min(1),
  sourceComponentId: z.string().min(1).optional(),
  context: z.record(z.string(), z.unknown()).default({}),
  dataModel: z.record(z.string(), z.unknown()).optional(),
});
export type A2uiAction = z.infer<typeof a2uiActionSchema>;

const operationSchemas = {
  createSurface: a2uiCreateSurfaceSchema,
  updateComponents: a2uiUpdateComponentsSchema,
  updateDataModel: a2uiUpdateDataModelSchema,
  deleteSurface: a2uiDeleteSurfaceSchema,
} as const;

/**
 * Checks one message against the schema of the operation it names, so an error names the field that is wrong
 * (`updateComponents.components.0.component`) rather than every operation it is not.
 */
export function parseA2uiMessage(value: unknown): z.ZodSafeParseResult<A2uiMessage> {
  const named = value !== null && typeof value === 'object' ? Object.keys(operationSchemas).filter((key) => key in value) : [];
  if (named.length === 1) return operationSchemas[named[0] as keyof typeof operationSchemas].safeParse(value);
  return a2uiMessageSchema.safeParse(value);
}
