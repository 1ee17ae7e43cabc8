import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { z } from 'zod';

// One validator (one Ajv instance and its compiled schemas) for every MCP tool in this process.
let validators: AjvJsonSchemaValidator | undefined;

/**
 * A zod schema that checks a call's input against an MCP tool's JSON Schema (with the Ajv validator the MCP SDK ships),
 * so a bad call is answered with what is wrong before it waits for approval or reaches the server. The schema is read
 * in the dialect its `$schema` names (draft-07, 2019-09, 2020-12; none is 2020-12, as MCP says); one in a dialect the
 * validator does not know is read as 2020-12. A schema Ajv cannot compile checks only that the input is an object, and
 * leaves the rest to the server.
 */
export function jsonSchemaInput(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  let check: ((input: unknown) => string | undefined) | undefined;
  try {
    const validate = validatorFor(schema);
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

function validatorFor(schema: Record<string, unknown>): JsonSchemaValidator<unknown> {
  validators ??= new AjvJsonSchemaValidator();
  try {
    return validators.getValidator(schema as JsonSchemaType);
  } catch (error) {
    if (schema.$schema === undefined) throw error;
    const { $schema: _dialect, ...rest } = schema;
    return validators.getValidator(rest as JsonSchemaType);
  }
}
