import type { ToolDescriptor } from '@agent-chat/protocol';

/** The server's tools by name (GET /tools): how each call is shown, and the schema a confirmation edits. */
export type ToolCatalog = ReadonlyMap<string, ToolDescriptor>;

/** The catalog before GET /tools has answered (an answer, even an empty one or a failure, is another map). */
export const NO_CATALOG: ToolCatalog = new Map();
