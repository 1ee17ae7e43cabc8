import type { CardStringKey } from './card-strings.js';
/** The part of JSON Schema a tool's input uses (what zod's toJSONSchema writes for plain objects). */
export interface JsonSchema {
  type?: string | string[];
  /** For people (zod's `.meta({ title })`): the field's label. */
  title?: string;
  /** For the model: never shown in the form. */
  description?: string;
  /** For people (zod's `.meta({ hint })`): the line under the field. */
  hint?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  /** One option of a titled choice (`oneOf: [{ const, title }]`, as MCP elicitation writes them). */
  const?: unknown;
  /** A string's kind: `email`, `uri`, `date` and `date-time` get their own input. */
  format?: string;
}

/**
 * How one property of a tool's input is edited: `choice` one of its options, `multi` several (an array of options).
 * Anything without a natural control is edited as JSON.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'boolean' | 'choice' | 'multi' | 'list' | 'json';

export interface FormField {
  name: string;
  /** The schema's title, or the property's name made readable. */
  label: string;
  /** The schema's hint, for people; the description is the model's and is not shown. */
  hint: string | undefined;
  kind: FieldKind;
  required: boolean;
  /** `null` is allowed (a nullable field): an empty control then means null rather than "not given". */
  nullable: boolean;
  /** The property's schema with a nullable wrapper removed: what the control edits. */
  schema: JsonSchema;
  /** A choice's or a multi-select's options, and what each is called (its title, else itself). */
  options: readonly unknown[];
  optionLabels: readonly string[];
}

/** What a control holds: text for everything but a checkbox, and the options ticked of a multi-select. */
export type RawValue = string | boolean | readonly string[];

export type Parsed = { value: unknown } | { issue: CardStringKey };

/** A message key of the cards' strings table (card-strings.ts) and the limit it names. */
export interface FieldIssue {
  key: CardStringKey;
  limit?: number | string;
}

/** The fields of an object schema, in the schema's order. */
export function formFields(schema: JsonSchema, input: unknown): FormField[] {
  const required = new Set(schema.required ?? []);
  const values = isObject(input) ? input : {};
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { inner, nullable } = unwrapNullable(property);
    const kind = kindOf(inner, values[name]);
    const choices = optionsOf(kind === 'multi' ? (inner.items ?? {}) : inner) ?? [];
    return {
      name,
      label: fieldTitle(name, property),
      hint: inner.hint ?? property.hint,
      kind,
      required: required.has(name),
      nullable,
      schema: inner,
      options: choices.map((choice) => choice.value),
      optionLabels: choices.map((choice) => choice.label),
    };
  });
}

/** The options of an enum, or of a `oneOf`/`anyOf` whose every branch is a `const` (with its title); else none. */
function optionsOf(schema: JsonSchema): { value: unknown; label: string }[] | undefined {
  const plain = (value: unknown) => typeof value === 'string' || typeof value === 'number';
  if (schema.enum) return schema.enum.every(plain) ? schema.enum.map((value) => ({ value, label: String(value) })) : undefined;
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches || branches.length === 0 || !branches.every((branch) => plain(branch.const))) return undefined;
  return branches.map((branch) => ({ value: branch.const, label: branch.title ?? String(branch.const) }));
}

function kindOf(schema: JsonSchema, current: unknown): FieldKind {
  if (optionsOf(schema)) return 'choice';
  switch (schema.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'string': {
      // A short id gets a line; prose (an item's text, a message) gets room.
      const long = typeof current === 'string' && (current.length > 60 || current.includes('\n'));
      return long || (schema.maxLength ?? 0) > 200 ? 'textarea' : 'text';
    }
    case 'array':
      if (schema.items && optionsOf(schema.items)) return 'multi';
      return schema.items?.type === 'string' ? 'list' : 'json';
    default:
      return 'json';
  }
}

/** The control's starting content for the call's input. */
export function toRaw(field: FormField, value: unknown): RawValue {
  if (value === undefined || value === null) return field.kind === 'boolean' ? false : field.kind === 'multi' ? [] : '';
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : '';
    case 'multi':
      return Array.isArray(value) ? value.map(String) : [];
    case 'text':
      return field.schema.format === 'date-time' ? localDateTime(value) : String(value);
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return String(value);
  }
}

/** The control's content as the value to send; an empty control is "not given" (undefined), or null if allowed. */
export function fromRaw(field: FormField, raw: RawValue): Parsed {
  if (field.kind === 'boolean') return { value: raw === true };
  const empty = field.nullable ? null : undefined;
  if (field.kind === 'multi') {
    const ticked = Array.isArray(raw) ? raw : [];
    const items = field.options.filter((option) => ticked.includes(String(option)));
    return { value: items.length === 0 && !field.required ? empty : items };
  }
  const text = String(raw);
  switch (field.kind) {
    case 'text':
    case 'textarea':
      if (field.schema.format === 'date-time' && text !== '') return fromLocalDateTime(text);
      // An optional text left empty is left out, rather than sent as "" that a minLength would refuse.
      return { value: text === '' && !field.required ? empty : text };
    case 'number':
    case 'integer': {
      if (text.trim() === '') return { value: empty };
      const number = Number(text);
      if (!Number.isFinite(number)) return { issue: 'fieldNumber' };
      if (field.kind === 'integer' && !Number.isInteger(number)) return { issue: 'fieldInteger' };
      return { value: number };
    }
    case 'choice': {
      if (text === '') return { value: empty };
      return { value: field.options.find((option) => String(option) === text) };
    }
    case 'list': {
      const items = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
      return { value: items.length === 0 && !field.required ? empty : items };
    }
    case 'json': {
      if (text.trim() === '') return { value: empty };
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { issue: 'fieldJson' };
      }
    }
  }
}

/**
 * What the tool's schema says is wrong with a field's value (as fromRaw read it), so an edit is refused next to
 * the field rather than by the server. The control already gives the value its type (a number, one of the
 * options, a list of strings), so only the schema's limits are left to check. The server validates again.
 */
export function fieldIssue(field: FormField, value: unknown): FieldIssue | undefined {
  const s = field.schema;
  if (value === undefined || value === null) return field.required && value === undefined ? { key: 'fieldRequired' } : undefined;
  if (typeof value === 'number') {
    if (value < (s.minimum ?? -Infinity)) return { key: 'fieldMinimum', limit: s.minimum };
    if (value > (s.maximum ?? Infinity)) return { key: 'fieldMaximum', limit: s.maximum };
    if (value <= (s.exclusiveMinimum ?? -Infinity)) return { key: 'fieldMinimum', limit: `> ${s.exclusiveMinimum}` };
    if (value >= (s.exclusiveMaximum ?? Infinity)) return { key: 'fieldMaximum', limit: `< ${s.exclusiveMaximum}` };
  }
  if (typeof value === 'string') {
    // Characters as a person counts them (code points), as JSON Schema does.
    const length = [...value].length;
    if (length < (s.minLength ?? 0)) return length ? { key: 'fieldMinLength', limit: s.minLength } : { key: 'fieldRequired' };
    if (length > (s.maxLength ?? Infinity)) return { key: 'fieldMaxLength', limit: s.maxLength };
    if (s.pattern !== undefined && !matches(s.pattern, value)) return { key: 'fieldPattern' };
  }
  if (Array.isArray(value)) {
    if (value.length < (s.minItems ?? 0)) return { key: 'fieldMinItems', limit: s.minItems };
    if (value.length > (s.maxItems ?? Infinity)) return { key: 'fieldMaxItems', limit: s.maxItems };
  }
  return undefined;
}

/**
 * A date-time as a `datetime-local` input holds it (the user's own clock, to the minute): JSON Schema's date-time
 * names its offset, which that input has no place for.
 */
function localDateTime(value: unknown): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** What the input holds, in the user's own time, as the date-time (with its offset, UTC) a schema asks for. */
function fromLocalDateTime(text: string): Parsed {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? { issue: 'fieldPattern' } : { value: date.toISOString() };
}

/** JSON Schema patterns are ECMAScript regexes, unanchored; one this browser cannot compile is not held against the value. */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

/** `anyOf: [X, { type: 'null' }]` (zod's nullable) edits as X. */
function unwrapNullable(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length === 2) {
    const other = branches.find((branch) => branch.type !== 'null');
    if (other && branches.some((branch) => branch.type === 'null')) return { inner: other, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length === 2) {
    return { inner: { ...schema, type: schema.type.find((type) => type !== 'null')! }, nullable: true };
  }
  return { inner: schema, nullable: false };
}

/** A property's label for people: its schema's title (zod's `.meta({ title })`), else its name made readable. */
export function fieldTitle(name: string, property: JsonSchema | undefined): string {
  return property?.title ?? (property && unwrapNullable(property).inner.title) ?? humanize(name);
}

/** `order_id` → "Order id", `dueDate` → "Due date": a readable label when the schema has no title. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
