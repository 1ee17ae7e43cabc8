import { html } from 'lit';

/** A speech bubble, for the launcher and the collapsed strip. */
export const chatIcon = html`<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
  <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
</svg>`;
