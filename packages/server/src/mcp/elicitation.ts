import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import type { InputFormSchema } from '@agent-chat/protocol';
import type { McpCaller } from './calls-in-flight.js';

/**
 * A server's `elicitation/create` asked of the user who made the call: a form drawn from its schema, or a link to
 * open (URL mode). The user's answer is the server's, as MCP words it; Stop, a timeout or the run's end are `cancel`.
 */
export async function answerElicitation(params: ElicitRequestParams, caller: McpCaller, server: string): Promise<ElicitResult> {
  const answer =
    params.mode === 'url'
      ? await caller.requestInput({ kind: 'url', message: params.message, url: params.url, server })
      : await caller.requestInput({
          kind: 'form',
          message: params.message,
          // The spec's restricted schema (a flat object of primitives and enums) is what an input request's form is.
          schema: params.requestedSchema as InputFormSchema,
          server,
        });
  // Content only with a form that was accepted: a URL-mode answer never carries any (the spec's rule).
  if (answer.action === 'accept' && params.mode !== 'url') {
    return { action: 'accept', content: withDefaults(answer.content ?? {}, params.requestedSchema.properties) };
  }
  return { action: answer.action };
}

type Content = NonNullable<ElicitResult['content']>;

/** A field the user left out goes back with the schema's default, as the spec asks of a client (SEP-1034). */
function withDefaults(content: Content, properties: Record<string, { default?: unknown }>): Content {
  const filled: Content = { ...content };
  for (const [name, field] of Object.entries(properties)) {
    if (filled[name] === undefined && field.default !== undefined) filled[name] = field.default as Content[string];
  }
  return filled;
}
