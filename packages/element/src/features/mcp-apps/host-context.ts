import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { themeOf, themeVariables } from './theme-variables.js';

/** Every display mode the element draws a view in: in the conversation, filling the viewport, or floating in a corner. */
export const DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** Where a view is drawn now: its mode and the room its frame has there. */
export interface ViewRoom {
  mode: McpUiDisplayMode;
  width: number;
  /** The frame's fixed height (full screen), or the most it grows to. */
  height: { fixed: number } | { max: number };
}

/**
 * What the view is told about where it is drawn (MCP Apps' host context): our theme as the spec's standard
 * variables (read from the probes in `root`, so a page's `--agent-chat-*` properties and the element's light or dark
 * theme both reach the view), the language, the display mode and the room it has.
 */
export function hostContext(root: ParentNode, locale: string | undefined, room: ViewRoom): McpUiHostContext {
  const variables = themeVariables(root);
  return {
    theme: themeOf(variables),
    styles: { variables },
    displayMode: room.mode,
    availableDisplayModes: [...DISPLAY_MODES],
    containerDimensions:
      'fixed' in room.height ? { width: room.width, height: room.height.fixed } : { width: room.width, maxHeight: room.height.max },
    locale: locale || navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: navigator.userAgent,
    platform: 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}
