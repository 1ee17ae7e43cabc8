import { StreamableHTTPClientTransport, type AuthProvider, type OAuthClientProvider } from '@modelcontextprotocol/client';

/** How the client signs in to a Streamable HTTP server: a bearer token source, or a full OAuth client. */
export type McpAuthProvider = AuthProvider | OAuthClientProvider;

export interface McpHttpSource {
  url: string | URL;
  headers?: Record<string, string>;
  authProvider?: McpAuthProvider;
}

/**
 * The Streamable HTTP transport for one connection. Static `headers` go with every request; an `authProvider` is the
 * MCP client's own: it is asked for the token before each request and, on a 401 (or a 403 asking for more scope),
 * runs the spec's authorization (metadata discovery, registration, PKCE, token refresh) before the one retry.
 */
export function httpTransport(source: McpHttpSource): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(source.url), {
    ...(source.headers ? { requestInit: { headers: source.headers } } : {}),
    ...(source.authProvider ? { authProvider: source.authProvider } : {}),
  });
}
