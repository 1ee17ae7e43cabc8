import { svg } from 'lit';
import { icon } from '../../ui/icons.js';

// The message actions' icons, in the parts' stroke style (ui/icons.ts): decorative, each button is labelled.
export const copyIcon = icon(svg`<rect x="5.5" y="5.5" width="8" height="8" rx="1.5" /><path d="M3.5 10.5h-1v-8h8v1" />`);
export const checkIcon = icon(svg`<path d="M3 8.5l3 3 7-7" />`);
export const retryIcon = icon(svg`<path d="M13 3v3.5H9.5" /><path d="M12.6 6.5A5 5 0 103 9" />`);
export const editIcon = icon(svg`<path d="M10.5 2.5l3 3-8 8h-3v-3z" />`);
export const upIcon = icon(svg`<path d="M5 14V7l3-5a1.5 1.5 0 012 1.5V6h3a1.5 1.5 0 011.5 1.8l-1 4.7A2 2 0 0111.5 14zM5 7H2.5v7H5" />`);
export const downIcon = icon(svg`<path d="M5 2v7l3 5a1.5 1.5 0 002-1.5V10h3a1.5 1.5 0 001.5-1.8l-1-4.7A2 2 0 0011.5 2zM5 9H2.5V2H5" />`);
