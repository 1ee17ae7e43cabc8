/**
 * A tool's input schema as the model gets it: without the words meant for people. zod writes a field's
 * `.meta({ title, hint })` into its JSON Schema beside the `.describe()` text; the element's form shows the title and
 * the hint, and the model reads the description alone (a hint is no JSON Schema keyword, and strict providers refuse
 * keywords they do not know).
 */
export function modelInputSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return withoutPeoplesWords(schema) as Record<string, unknown>;
}

/** The keywords whose values are schemas, or maps or lists of schemas: where a field's own schema can sit. */
const SCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

function withoutPeoplesWords(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'title' || key === 'hint') continue;
    if (SCHEMA.includes(key)) copy[key] = withoutPeoplesWords(value);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) copy[key] = value.map(withoutPeoplesWords);
    else if (SCHEMA_MAPS.includes(key) && typeof value === 'object' && value !== null) {
      // A property may well be named "title": only the schemas under it lose their titles, never the names.
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withoutPeoplesWords(inner)]));
    } else copy[key] = value;
  }
  return copy;
}
