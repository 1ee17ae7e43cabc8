import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import type { InputFormSchema } from '@agent-chat/protocol';
import type { McpCaller } from './calls-in-flight.js';

/**
 * A server's `elicitation/create` asked of the user who made the call: a form drawn from its schema, or a link to
 * open (URL mode). The user's answer is the server's, as MCP words it; Stop, a timeout or the run's end are `cancel`.
 */
export async function answerElicitation(params: ElicitRequestParams, caller: McpCaller, server: string, signal: AbortSignal): Promise<ElicitResult> {
  // A link the user is offered is a web page: never a javascript:, data: or file: URL from a server.
  if (params.mode === 'url' && !isWebUrl(params.url)) return { action: 'decline' };
  const answer =
    params.mode === 'url'
      ? await caller.requestInput({ kind: 'url', message: params.message, url: params.url, server, signal })
      : await caller.requestInput({
          kind: 'form',
          message: params.message,
          // The spec's restricted schema (a flat object of primitives and enums) is what an input request's form is.
          schema: params.requestedSchema as InputFormSchema,
          server,
          // A server that gives up on its request (cancelled, or its own timeout) closes the card.
          signal,
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

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
