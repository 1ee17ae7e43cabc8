import { z } from 'zod';

/** Any JSON value. Tool inputs, outputs and host state travel as JSON. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export const jsonRecord = z.record(z.string(), z.unknown());
