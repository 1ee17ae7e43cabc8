import type { Handler } from 'hono';

/**
 * The demo server's icon: a speech bubble in the element's accent colour. Browsers ask for /favicon.ico on every
 * page that names no icon of its own, and a 404 there is an error in the console of every example.
 */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<path fill="#1d4ed8" d="M6 4h20a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4H14l-7 5v-5H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z"/>' +
  '<circle cx="10" cy="14" r="2" fill="#fff"/><circle cx="16" cy="14" r="2" fill="#fff"/><circle cx="22" cy="14" r="2" fill="#fff"/>' +
  '</svg>';

export const favicon: Handler = (c) => c.body(ICON, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' });
