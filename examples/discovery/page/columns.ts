import type { Column } from './discovery-types.js';

/** The board's columns in pipeline order, with how their ids and headings read. */
export const COLUMNS: readonly { column: Column; prefix: string; label: string }[] = [
  { column: 'input', prefix: 'I', label: 'Inputs' },
  { column: 'fact', prefix: 'F', label: 'Facts' },
  { column: 'insight', prefix: 'N', label: 'Insights' },
  { column: 'recommendation', prefix: 'R', label: 'Recommendations' },
  { column: 'output', prefix: 'O', label: 'Outputs' },
];

export function columnInfo(column: Column) {
  return COLUMNS.find((info) => info.column === column)!;
}

/** The column an id such as `F-3` belongs to, from its prefix. */
export function columnOfId(id: string): Column | undefined {
  const prefix = id.trim().split('-')[0]?.replace(/^@/, '').toUpperCase();
  return COLUMNS.find((info) => info.prefix === prefix)?.column;
}
