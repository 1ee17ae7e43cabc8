import type { FieldIssue, InputFormSchema, InputValue } from '@agent-chat/protocol';

/**
 * The fields of a form's answer that do not fit the form, each named `content.<field>`, first found first. MCP
 * elicitation allows only a flat subset of JSON Schema (strings with a format, lengths and a pattern; numbers and
 * integers with a range; booleans; single- and multi-select enums, plain or titled with `oneOf`/`anyOf` consts), so
 * this small check is the whole of it: no validator library, nothing but the language (the server core runs anywhere).
 */
export function checkFormAnswer(schema: InputFormSchema, content: Readonly<Record<string, InputValue>>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const issue = (name: string, problem: string) => issues.push({ field: `content.${name}`, message: `content.${name}: ${problem}` });
  for (const name of Object.keys(content)) {
    if (!Object.hasOwn(schema.properties, name)) issue(name, 'not a field of this form');
  }
  for (const name of schema.required ?? []) {
    if (content[name] === undefined) issue(name, 'required');
  }
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = content[name];
    if (value === undefined) continue;
    const problem = fieldProblem(field, value);
    if (problem) issue(name, problem);
  }
  return issues;
}

type Field = Record<string, unknown>;

function fieldProblem(field: Field, value: InputValue): string | undefined {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? stringProblem(field, value) : 'must be a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? rangeProblem(field, value) : 'must be a number';
    case 'integer':
      return Number.isInteger(value) ? rangeProblem(field, value as number) : 'must be a whole number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'array':
      return Array.isArray(value) ? arrayProblem(field, value) : 'must be a list of choices';
    default:
      // A field of no type the spec allows: only its choices, if it lists any, can be checked.
      return Array.isArray(value) ? undefined : choicesProblem(field, value);
  }
}

function stringProblem(field: Field, value: string): string | undefined {
  const choice = choicesProblem(field, value);
  if (choice) return choice;
  // JSON Schema counts characters, not UTF-16 units.
  const length = [...value].length;
  if (typeof field.minLength === 'number' && length < field.minLength) return `must be at least ${field.minLength} characters`;
  if (typeof field.maxLength === 'number' && length > field.maxLength) return `must be at most ${field.maxLength} characters`;
  if (typeof field.pattern === 'string') {
    const pattern = regExp(field.pattern);
    if (pattern && !pattern.test(value)) return `must match the pattern ${field.pattern}`;
  }
  // A format the spec does not name is the server's own business: not checked.
  const format = typeof field.format === 'string' && Object.hasOwn(FORMATS, field.format) ? field.format : undefined;
  if (format && !FORMATS[format]!(value)) return `must be ${FORMAT_NAMES[format]}`;
  return undefined;
}

function rangeProblem(field: Field, value: number): string | undefined {
  if (typeof field.minimum === 'number' && value < field.minimum) return `must be at least ${field.minimum}`;
  if (typeof field.maximum === 'number' && value > field.maximum) return `must be at most ${field.maximum}`;
  return undefined;
}

function arrayProblem(field: Field, value: readonly string[]): string | undefined {
  const items = (field.items ?? {}) as Field;
  const allowed = choices(items);
  for (const item of value) {
    if (typeof item !== 'string') return 'must be a list of choices';
    if (allowed && !allowed.includes(item)) return `"${item}" is not one of the choices`;
  }
  if (typeof field.minItems === 'number' && value.length < field.minItems) return `must have at least ${field.minItems} choices`;
  if (typeof field.maxItems === 'number' && value.length > field.maxItems) return `must have at most ${field.maxItems} choices`;
  if (new Set(value).size !== value.length) return 'must not choose one twice';
  return undefined;
}

function choicesProblem(field: Field, value: InputValue): string | undefined {
  const allowed = choices(field);
  return allowed && !allowed.includes(value as string) ? 'must be one of the choices' : undefined;
}

/** A field's choices: `enum`, or the `const` of each `oneOf` / `anyOf` entry (titled choices); undefined when free. */
function choices(field: Field): unknown[] | undefined {
  if (Array.isArray(field.enum)) return field.enum;
  const titled = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : undefined;
  return titled?.map((entry) => (entry && typeof entry === 'object' ? (entry as Field).const : undefined));
}

/** The server's pattern as a regular expression; one this language cannot read checks nothing rather than refuse all. */
function regExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address',
  uri: 'an absolute URI',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time (RFC 3339, e.g. 2026-01-31T09:30:00Z)',
};

const FORMATS: Record<string, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => {
    try {
      new URL(value);
      return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value);
    } catch {
      return false;
    }
  },
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && realDate(value),
  'date-time': (value) => {
    const match = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
    return match !== null && realDate(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 61;
  },
};

/** A calendar date that exists (no 31 April, 29 February only in a leap year). */
function realDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}
