/**
 * When a conversation last changed, as a list shows it: the time for today's, the day and month for this year's,
 * the full date before that. In the element's language (its `locale`, else the page's).
 */
export function threadTime(updatedAt: number, locale: string | undefined, now = new Date()): string {
  const at = new Date(updatedAt);
  const options: Intl.DateTimeFormatOptions =
    at.toDateString() === now.toDateString()
      ? { hour: 'numeric', minute: '2-digit' }
      : at.getFullYear() === now.getFullYear()
        ? { day: 'numeric', month: 'short' }
        : { day: 'numeric', month: 'short', year: 'numeric' };
  try {
    return at.toLocaleString(locale || undefined, options);
  } catch {
    // A locale tag the browser refuses (a host's typo): the page's language instead.
    return at.toLocaleString(undefined, options);
  }
}
