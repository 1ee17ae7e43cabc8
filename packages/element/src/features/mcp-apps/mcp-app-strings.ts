/**
 * The MCP Apps views' English texts: what is said around an interactive view a tool's MCP server drew. Kept apart
 * from the full table so that they travel in the views' chunk; a host overrides them and a locale translates them like
 * any other key (`el.strings`, `registerLocale`).
 */
export const mcpAppsEn = {
  /** The frame's accessible name: whose view it is. */
  appTitle: 'View from {server}',
  appLoading: 'Loading the view…',
  appFailed: 'The view could not be shown: {message}',
};

export type McpAppStrings = typeof mcpAppsEn;
export type McpAppStringKey = keyof McpAppStrings;
