/**
 * Keep the page behind a full-screen drawer from scrolling. Counted, so two drawers (two widgets) can each
 * lock and unlock without unlocking the other's.
 */
let locks = 0;
let before: { html: string; body: string } = { html: '', body: '' };

export function lockBodyScroll(doc: Document = document): () => void {
  if (locks === 0) {
    before = { html: doc.documentElement.style.overflow, body: doc.body.style.overflow };
    // Both: which of the two scrolls the viewport depends on the page's own CSS.
    doc.documentElement.style.overflow = 'hidden';
    doc.body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      doc.documentElement.style.overflow = before.html;
      doc.body.style.overflow = before.body;
    }
  };
}
