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
  /** The view's sandbox page was navigated away from the page the server gave: the view is not drawn there again. */
  appSandboxLost: 'its sandbox page was navigated away, so it was closed',
  /** The button on a full-screen view's bar that brings it back into the conversation (Escape does too). */
  appExitFullscreen: 'Exit full screen',
  /** The button on a floating (picture-in-picture) view's bar that brings it back into the conversation. */
  appExitPip: 'Back into the conversation',
  /** Where the view was, while it is shown full screen. */
  appShownFullscreen: 'This view is shown full screen.',
  /** Where the view was, while it floats in a corner. */
  appShownPip: 'This view floats in a corner of the page.',
};

export type McpAppStrings = typeof mcpAppsEn;
export type McpAppStringKey = keyof McpAppStrings;
