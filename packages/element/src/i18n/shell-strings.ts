/**
 * The English texts the shell paints before the conversation has loaded: the launcher, the frames' buttons and
 * the panel's title. They are the first keys of the full table (strings.ts spreads them in), kept apart so the
 * first paint carries these few instead of every text the element has.
 */
export const shellEn = {
  openChat: 'Open the chat',
  closeChat: 'Close the chat',
  openChatUnread: 'Open the chat, {count} unread',
  panelTitle: 'Assistant',
  collapseChat: 'Collapse the chat',
  resizePanel: 'Resize the chat panel',
};

export type ShellStrings = Record<keyof typeof shellEn, string>;

/** Fill `{name}` marks; a mark without a value stays as it is, so a mistake shows instead of vanishing. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}
