import { z } from 'zod';

/**
 * An item of the host's world that the user can mention, attach or that the page puts in context:
 * a slide, a fact on a board, a document. `text` is what the agent reads; `data` is anything else.
 */
export const itemSchema = z.object({
  id: z.string().min(1),
  type: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  data: z.unknown().optional(),
});
export type Item = z.infer<typeof itemSchema>;

/** A mentioned item (`@F-1`) sent with a message; always given to the agent in full. */
export const referenceSchema = itemSchema;
export type Reference = Item;

/** Something dropped onto the chat or added by the host's API; always given to the agent in full. */
export const attachmentSchema = itemSchema.extend({
  mimeType: z.string().optional(),
  url: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * Page context sent by the host with each message. Free-form, with one convention the server's context
 * policy understands: `items`, a list of the host's items, sent in full under a threshold and summarized above it.
 */
export const contextSchema = z
  .object({
    items: z.array(itemSchema).optional(),
  })
  .catchall(z.unknown());
export type Context = z.infer<typeof contextSchema>;
