import type { AgentChatAdapter, ViewLink } from '../../context/adapter.js';

/**
 * A view's `ui/open-link`: the page's `openViewLink` decides and opens it when it has one; otherwise an http(s) link
 * opens in a new tab, and only as the answer to the user's click (in the view): a view cannot open tabs on its own.
 * True once opened.
 */
export async function openViewLink(adapter: AgentChatAdapter | undefined, link: ViewLink): Promise<boolean> {
  const hook = adapter?.openViewLink;
  if (!hook) return openInNewTab(link.url);
  try {
    return (await hook.call(adapter, link)) === true;
  } catch (error) {
    console.error('[agent-chat] adapter.openViewLink failed:', error);
    return false;
  }
}

function openInNewTab(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (!navigator.userActivation?.isActive) return false;
  // With noopener, open() returns null whether or not the tab opened.
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
  return true;
}
