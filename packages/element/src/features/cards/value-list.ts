import { css, html, type TemplateResult } from 'lit';
import { fieldTitle, type JsonSchema } from './schema-fields.js';

/** Deeper than this, a value is shown as compact JSON: a person reading a tool's input rarely needs more. */
const MAX_DEPTH = 3;
/** Entries of one object or items of one list shown; the rest are counted. */
const MAX_ENTRIES = 20;
/** A text longer than this is cut: the list is a summary, the model had the whole. */
const MAX_TEXT = 600;
/** A list of short words reads as one line ("F-1, F-2"); longer items get a line each. */
const SHORT = 40;

/**
 * A tool's input (or any JSON value) as a person reads it: an object as a list of fields, each under its title (the
 * schema's `.meta({ title })`, else the name made readable), a list of short words on one line, a list of longer
 * items or of objects as a numbered list, and what nests deeper as compact JSON. Text is bound as text: nothing in a
 * value is ever markup.
 */
export function valueList(value: unknown, schema?: JsonSchema, depth = 0): TemplateResult | string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'object') return clip(String(value));
  if (depth >= MAX_DEPTH) return clip(JSON.stringify(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((item) => (typeof item !== 'object' || item === null) && String(item).length <= SHORT && !String(item).includes('\n'))) {
      return clip(value.map(String).join(', '));
    }
    return html`<ol>
      ${value.slice(0, MAX_ENTRIES).map((item) => html`<li>${valueList(item, schema?.items, depth + 1)}</li>`)}${more(value.length)}
    </ol>`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '—';
  return html`<dl>
    ${entries.slice(0, MAX_ENTRIES).map(([key, inner]) => {
      const property = schema?.properties?.[key];
      return html`<dt>${fieldTitle(key, property)}</dt>
        <dd>${valueList(inner, property, depth + 1)}</dd>`;
    })}${more(entries.length)}
  </dl>`;
}

function more(count: number) {
  return count > MAX_ENTRIES ? html`<span class="more">… (+${count - MAX_ENTRIES})</span>` : '';
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** The list's layout: a field's title beside its value, nested lists indented under their field. */
export const valueListStyles = css`
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 2px 10px;
    margin: 0;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    min-width: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  ol {
    margin: 0;
    padding-inline-start: 1.4em;
  }
  .more {
    grid-column: 1 / -1;
    color: var(--_muted);
  }
`;
