import type { Tool, ToolSource } from '@agent-chat/server';
import { mcpTools, type McpTools, type McpToolsOptions } from '@agent-chat/server/mcp';

/**
 * An MCP server's tools, connected the first time they are needed rather than when the example is made: the demo
 * server makes every example at start-up, and most of its runs (and the other examples' tests) never open this one,
 * so its servers start only once its agent is called. Until then it offers no tools.
 */
export class OnDemandMcpTools implements ToolSource {
  readonly origin: string;
  readonly #options: McpToolsOptions;
  readonly #listeners = new Set<() => void>();
  #connecting: Promise<McpTools> | undefined;
  #mcp: McpTools | undefined;
  #closed = false;

  constructor(options: McpToolsOptions, origin: string) {
    this.#options = options;
    this.origin = origin;
  }

  get tools(): readonly Tool[] {
    return this.#mcp?.tools ?? [];
  }

  subscribe(listener: () => void): () => void {
    const own = () => listener();
    this.#listeners.add(own);
    return () => void this.#listeners.delete(own);
  }

  /** Connect now if not yet (once; a failed start is tried again at the next call). */
  async connect(): Promise<void> {
    if (this.#closed) throw new Error(`${this.origin} is closed`);
    this.#connecting ??= mcpTools(this.#options).then(
      (mcp) => {
        if (this.#closed) {
          void mcp.close();
          throw new Error(`${this.origin} was closed while it started`);
        }
        this.#mcp = mcp;
        mcp.subscribe(() => this.#changed());
        this.#changed();
        return mcp;
      },
      (error: unknown) => {
        this.#connecting = undefined;
        throw error;
      },
    );
    await this.#connecting;
  }

  /** Disconnect, which stops the stdio server; later calls fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const mcp = await this.#connecting?.catch(() => undefined);
    await mcp?.close();
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
