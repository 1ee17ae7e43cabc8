import type { InputFormSchema, InputValue } from '@agent-chat/protocol';

// An MCP elicitation's form as the cards' form (agent-chat-schema-form) reads a schema: the same JSON Schema, with
// the description as the hint under each field. A tool's input schema keeps its descriptions for the model; an
// elicitation's are written for the user.

/** One field's schema as the form reads it (the part of JSON Schema MCP elicitation allows). */
interface FieldSchema {
  title?: string;
  description?: string;
  hint?: string;
  default?: unknown;
  const?: unknown;
  items?: FieldSchema;
  oneOf?: FieldSchema[];
  anyOf?: FieldSchema[];
  [key: string]: unknown;
}

/** The schema for the form: each field's description as its hint. */
export function formSchema(schema: InputFormSchema): InputFormSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => {
      const { description, ...rest } = field as FieldSchema;
      return [name, typeof description === 'string' ? { ...rest, hint: description } : rest];
    }),
  );
  return { ...schema, properties };
}

/** The form's starting values: each field's `default`. */
export function formDefaults(schema: InputFormSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    if ((field as FieldSchema).default !== undefined) values[name] = (field as FieldSchema).default;
  }
  return values;
}

/** An answered form's values as the user reads them: each under its field's title, a choice by its option's title. */
export function answeredFields(
  schema: InputFormSchema | undefined,
  content: Record<string, InputValue> | undefined,
  yesNo: { yes: string; no: string },
): { label: string; text: string }[] {
  const properties = schema?.properties ?? {};
  return Object.entries(content ?? {}).map(([name, value]) => {
    const field = (properties[name] ?? {}) as FieldSchema;
    const label = typeof field.title === 'string' ? field.title : name;
    const one = (item: unknown, options: FieldSchema | undefined) => {
      if (typeof item === 'boolean') return item ? yesNo.yes : yesNo.no;
      const titled = (options?.oneOf ?? options?.anyOf)?.find((option) => option.const === item)?.title;
      return titled ?? String(item);
    };
    const text = Array.isArray(value) ? value.map((item) => one(item, field.items)).join(', ') : one(value, field);
    return { label, text };
  });
}
