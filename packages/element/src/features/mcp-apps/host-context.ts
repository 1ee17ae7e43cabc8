import type { McpUiHostContext, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

/**
 * What the view is told about where it is drawn (MCP Apps' host context): our theme as the spec's standard
 * variables, read from the resolved colours of the part (so a page's `--agent-chat-*` properties and the element's
 * light or dark theme both reach the view), the language, and the room it has. Only `inline` is offered for now.
 */
export function hostContext(part: HTMLElement, probe: Element | null, locale: string | undefined, maxHeight: number): McpUiHostContext {
  const own = getComputedStyle(part);
  const shown = probe ? getComputedStyle(probe) : undefined;
  const text = own.color;
  const variables: Partial<McpUiStyles> = {
    '--color-text-primary': text,
    '--font-sans': own.fontFamily,
    ...(shown
      ? {
          '--color-background-primary': shown.backgroundColor,
          '--color-border-primary': shown.borderTopColor,
          '--color-ring-primary': shown.outlineColor,
        }
      : {}),
  };
  return {
    theme: isLight(text) ? 'dark' : 'light',
    styles: { variables: variables as McpUiStyles },
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { width: part.clientWidth, maxHeight },
    locale: locale || navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: navigator.userAgent,
    platform: 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}

/** Light text means a dark theme: the colour is read as the browser resolved it (`rgb(…)` or `rgba(…)`). */
function isLight(color: string): boolean {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 128;
}
