import { svg } from 'lit';
import { icon } from '../../ui/icons.js';

/** The header's button: a list of conversations. */
export const threadsIcon = icon(svg`<path d="M2.5 4h11M2.5 8h11M2.5 12h7" />`);
export const renameIcon = icon(svg`<path d="M10.5 2.5l3 3-8 8h-3v-3z" />`);
export const deleteIcon = icon(svg`<path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 9h5.8l.6-9" />`);
export const newIcon = icon(svg`<path d="M8 3v10M3 8h10" />`);
