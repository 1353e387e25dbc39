import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<import('fastify').FastifyInstance['setSerializerCompiler']>[0];

/**
 * Answers are written by fast-json-stringify (Fastify's own serializer) from the JSON Schema of the route's
 * response schema: only the fields the schema names are written, so nothing the schema does not
 * declare (a password hash, a token) can leave, as before. Checking every answer against its zod schema as
 * well cost more than the rest of a busy read (a page of 50 flats: 0.3 ms against 0.1 ms). A schema that
 * has no JSON Schema form keeps the zod serializer.
 */
export const serializerCompiler: SerializerCompiler = (route) => {
  const schema = route.schema as z.ZodType;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return (zodSerializerCompiler as FastifySchemaCompiler<unknown>)(route) as (data: unknown) => string;
  }
};
