// How the conformance client signs in, scenario by scenario, with the MCP client's own OAuth (the host's part of
// `mcpTools({ authProvider })`): a server-to-server client with its credentials (client_credentials, with a secret
// or a signed JWT), or a person who signs in, played here by a browser that follows the authorization server's
// redirect at once and hands the code back.
import {
  auth,
  ClientCredentialsProvider,
  PrivateKeyJwtProvider,
  type OAuthClientMetadata,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { McpAuthProvider } from '@agent-chat/server/mcp';

export interface ScenarioAuth {
  authProvider?: McpAuthProvider;
  /**
   * After a failure that sent the person to sign in (mcpTools fails with the client's UnauthorizedError as the cause;
   * a tool call that needed more scope is an error result): trade the code they came back with for tokens. False
   * when nobody was sent to sign in.
   */
  finishSignIn(): Promise<boolean>;
}

const REDIRECT_URL = 'http://localhost:3000/callback';
/** A client id that is a metadata document's URL (CIMD), used when the authorization server supports it. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** The credentials some auth scenarios hand the client, in MCP_CONFORMANCE_CONTEXT. */
interface Context {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
}

export function authFor(scenario: string, serverUrl: string): ScenarioAuth {
  const none: ScenarioAuth = { finishSignIn: async () => false };
  if (!scenario.startsWith('auth/')) return none;
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  if (scenario === 'auth/client-credentials-basic') {
    return { ...none, authProvider: new ClientCredentialsProvider({ clientId: context.client_id!, clientSecret: context.client_secret! }) };
  }
  if (scenario === 'auth/client-credentials-jwt') {
    const provider = new PrivateKeyJwtProvider({
      clientId: context.client_id!,
      privateKey: context.private_key_pem!,
      algorithm: context.signing_algorithm ?? 'ES256',
    });
    return { ...none, authProvider: provider };
  }
  const person = new SignInByRedirect(scenario === 'auth/pre-registration' ? undefined : CLIENT_METADATA_URL);
  if (scenario === 'auth/pre-registration') {
    person.saveClientInformation({ client_id: context.client_id!, client_secret: context.client_secret!, redirect_uris: [REDIRECT_URL] });
  }
  return {
    authProvider: person,
    async finishSignIn() {
      const code = person.takeCode();
      if (!code) return false;
      return (await auth(person, { serverUrl, authorizationCode: code })) === 'AUTHORIZED';
    },
  };
}

type Stored<K extends 'clientInformation' | 'tokens'> = Awaited<ReturnType<OAuthClientProvider[K]>>;

/** An OAuth client kept in memory, whose "browser" fetches the authorization URL and keeps the code it redirects to. */
class SignInByRedirect implements OAuthClientProvider {
  private client: Stored<'clientInformation'>;
  private saved: Stored<'tokens'>;
  private verifier = '';
  private code: string | undefined;

  constructor(readonly clientMetadataUrl: string | undefined) {}

  get redirectUrl(): string {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'agent-chat-conformance', redirect_uris: [REDIRECT_URL] };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: NonNullable<Stored<'clientInformation'>>): void {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<Stored<'tokens'>>): void {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL): Promise<void> {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    const code = location ? new URL(location).searchParams.get('code') : null;
    if (!code) throw new Error(`signing in at ${url} gave no code (${response.status})`);
    this.code = code;
  }
  takeCode(): string | undefined {
    const code = this.code;
    this.code = undefined;
    return code;
  }
}
