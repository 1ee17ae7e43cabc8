/** A link a server asks the user to open, as the card shows it: only http(s), with its origin shown plainly. */
export interface ShownUrl {
  href: string;
  /** Where it goes, as a person checks it: `https://example.com` (the host as the browser reads it, punycode and all). */
  origin: string;
}

/** The URL to offer, or undefined for one that must not be opened from the chat (javascript:, data:, unreadable). */
export function shownUrl(url: string | undefined): ShownUrl | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return { href: parsed.href, origin: parsed.origin };
  } catch {
    return undefined;
  }
}
