import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { z } from 'zod';

// One validator (one Ajv instance and its compiled schemas) for every MCP tool in this process.
let validators: AjvJsonSchemaValidator | undefined;

/**
 * A zod schema that checks a call's input against an MCP tool's JSON Schema (with the Ajv validator the MCP SDK ships),
 * so a bad call is answered with what is wrong before it waits for approval or reaches the server. A schema Ajv
 * cannot compile checks only that the input is an object, and leaves the rest to the server.
 */
export function jsonSchemaInput(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  const { $schema: _draft, ...rest } = schema;
  let check: ((input: unknown) => string | undefined) | undefined;
  try {
    validators ??= new AjvJsonSchemaValidator();
    const validate = validators.getValidator(rest as JsonSchemaType);
    check = (input) => {
      const result = validate(input);
      if (result.valid) return undefined;
      // Ajv names the input `data` and a field by its JSON pointer (`data/items/0 must be string`); the agent reads
      // field names as the other tools' errors give them (`items.0 must be string`).
      return result.errorMessage.replace(/(^|, )data(\/\S*)? /g, (_, separator: string, pointer: string | undefined) =>
        `${separator}${pointer ? `${pointer.slice(1).replaceAll('/', '.')} ` : ''}`,
      );
    };
  } catch {
    check = undefined;
  }
  return z.record(z.string(), z.unknown()).superRefine((input, ctx) => {
    const problem = check?.(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
