import type { StringKey } from '../i18n/strings.js';

/** The part of JSON Schema a tool's input uses (what zod's toJSONSchema writes for plain objects). */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
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
}

/** One problem with a value: where it is (`[]` for the whole input), and the message as a key of the strings table. */
export interface SchemaIssue {
  path: (string | number)[];
  key: StringKey;
  values?: Record<string, string | number>;
}

/**
 * Checks a value against a tool's input schema, so an edit is refused in the form with a message next to the
 * field instead of coming back from the server as a 400. The server still validates: this is for the person.
 * Keywords outside this subset are ignored (accepted), never guessed at.
 */
export function validateAgainstSchema(value: unknown, schema: JsonSchema, path: (string | number)[] = []): SchemaIssue[] {
  if (schema.anyOf || schema.oneOf) {
    const branches = schema.anyOf ?? schema.oneOf ?? [];
    const results = branches.map((branch) => validateAgainstSchema(value, branch, path));
    if (results.some((issues) => issues.length === 0)) return [];
    // The branch that got furthest says the most useful thing.
    return results.sort((x, y) => x.length - y.length)[0] ?? [];
  }

  if (schema.const !== undefined && !sameValue(value, schema.const)) return [{ path, key: 'fieldEnum' }];
  if (schema.enum && !schema.enum.some((option) => sameValue(option, value))) return [{ path, key: 'fieldEnum' }];

  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 0 && !types.some((type) => hasType(value, type))) {
    if (types.includes('integer') && typeof value === 'number') return [{ path, key: 'fieldInteger' }];
    if (types.includes('number') || types.includes('integer')) return [{ path, key: 'fieldNumber' }];
    return [{ path, key: 'fieldType', values: { type: types.join(' | ') } }];
  }

  const issues: SchemaIssue[] = [];
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) issues.push({ path, key: 'fieldMinimum', values: { limit: schema.minimum } });
    if (schema.maximum !== undefined && value > schema.maximum) issues.push({ path, key: 'fieldMaximum', values: { limit: schema.maximum } });
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
      issues.push({ path, key: 'fieldMinimum', values: { limit: `> ${schema.exclusiveMinimum}` } });
    }
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
      issues.push({ path, key: 'fieldMaximum', values: { limit: `< ${schema.exclusiveMaximum}` } });
    }
  }
  if (typeof value === 'string') {
    // Characters as a person counts them (code points), as JSON Schema does.
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      issues.push({ path, key: schema.minLength === 1 && length === 0 ? 'fieldRequired' : 'fieldMinLength', values: { limit: schema.minLength } });
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) issues.push({ path, key: 'fieldMaxLength', values: { limit: schema.maxLength } });
    if (schema.pattern !== undefined && !matches(schema.pattern, value)) issues.push({ path, key: 'fieldPattern' });
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) issues.push({ path, key: 'fieldMinItems', values: { limit: schema.minItems } });
    if (schema.maxItems !== undefined && value.length > schema.maxItems) issues.push({ path, key: 'fieldMaxItems', values: { limit: schema.maxItems } });
    if (schema.items) value.forEach((item, index) => issues.push(...validateAgainstSchema(item, schema.items!, [...path, index])));
  }
  if (isObject(value)) {
    for (const name of schema.required ?? []) {
      if (value[name] === undefined) issues.push({ path: [...path, name], key: 'fieldRequired' });
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (value[name] !== undefined) issues.push(...validateAgainstSchema(value[name], property, [...path, name]));
    }
  }
  return issues;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** JSON Schema patterns are ECMAScript regexes, unanchored; one this browser cannot compile is not held against the value. */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}
