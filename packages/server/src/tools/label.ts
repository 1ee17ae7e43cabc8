import type { ToolLabel } from './define-tool.js';

/** Fill a label template's `{field}` (or `{a.b}`) slots from the input; a missing field leaves the slot's name. */
export function fillLabelTemplate(template: string, input: unknown): string {
  return template.replace(/\{([\w.]+)\}/g, (_, path: string) => {
    let value: unknown = input;
    for (const key of path.split('.')) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value === undefined || value === null ? path : String(value);
  });
}

/** The human label of one call; a label function that throws falls back to `fallback` (the tool's name). */
export function labelFor<I>(fallback: string, label: ToolLabel<I> | undefined, input: I): string {
  try {
    if (typeof label === 'function') return label(input) || fallback;
    if (typeof label === 'string') return fillLabelTemplate(label, input);
  } catch {
    // A label is decoration: never let it break a run.
  }
  return fallback;
}
