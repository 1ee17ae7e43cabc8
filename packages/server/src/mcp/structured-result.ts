import { ProtocolError } from '@modelcontextprotocol/client';

/**
 * The v2 client checks a result against the tool's `outputSchema` itself (in `callTool`, when it knows the tool) and
 * throws a ProtocolError worded for a protocol log. These are the agent's words for them: what the server's result
 * lacks or gets wrong, with the schema's complaint, and no "MCP error -32602" that would read as the server's own
 * error. Undefined for any other error.
 */
export function structuredResultError(error: unknown): Error | undefined {
  if (!(error instanceof ProtocolError)) return undefined;
  const { message } = error;
  const after = (prefix: string): string | undefined => {
    const at = message.indexOf(prefix);
    return at === -1 ? undefined : message.slice(at + prefix.length).trim();
  };
  const mismatch = after("Structured content does not match the tool's output schema:");
  if (mismatch !== undefined) {
    return new Error(`the MCP server's structuredContent does not match the tool's outputSchema: ${schemaWords(mismatch)}`, { cause: error });
  }
  if (message.includes('has an output schema but did not return structured content')) {
    return new Error('the MCP server returned no structuredContent, though the tool declares an outputSchema (the MCP spec requires a structured result then)', { cause: error });
  }
  const unchecked = after('Failed to validate structured content:');
  if (unchecked !== undefined) {
    return new Error(`the MCP server's structuredContent could not be checked against the tool's outputSchema: ${unchecked}`, { cause: error });
  }
  const badSchema = after('has an invalid outputSchema:');
  if (badSchema !== undefined) return new Error(`the tool's outputSchema cannot be used to check its results: ${badSchema}`, { cause: error });
  return undefined;
}

/** Ajv calls the value it checked `data` ("data/temperature must be number"); here it is the structuredContent. */
function schemaWords(text: string): string {
  return text.replace(/(^|, )data(?=[/ ])/g, '$1structuredContent');
}

/**
 * The structured result as the model reads it: compact JSON. Servers are asked to repeat it in a text block too;
 * when one did (the same JSON, however spaced or ordered), it is not said twice.
 */
export function structuredText(structured: unknown, texts: readonly string[]): string | undefined {
  const json = JSON.stringify(structured);
  if (json === undefined) return undefined;
  const canonical = canonicalJson(structured);
  const repeated = texts.some((text) => {
    const trimmed = text.trim();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
    try {
      return canonicalJson(JSON.parse(trimmed)) === canonical;
    } catch {
      return false;
    }
  });
  return repeated ? undefined : json;
}

/** JSON with every object's keys in order, so two spellings of one value compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
