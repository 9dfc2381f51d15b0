import { z } from 'zod';
import * as contracts from '@portal/contracts';
import type { EndpointDefinition } from '@portal/contracts';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
};

/** Every schema a schema is made of, itself included. */
function collect(schema: z.ZodType | undefined, into: Set<z.ZodType>): Set<z.ZodType> {
  if (!schema || into.has(schema)) return into;
  into.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const children = [
    ...Object.values(def.shape ?? {}),
    def.element,
    def.innerType,
    ...(def.options ?? []),
    def.in,
    def.out,
    def.valueType,
    def.left,
    def.right,
    ...(def.items ?? []),
  ];
  for (const child of children) collect(child, into);
  return into;
}

let registered = false;

/**
 * The shared schemas of the answers, as components of the OpenAPI document (decision 075): every object schema the
 * contracts export under a name (`FileSchema` → `File`) that some answer is made of and no request is, registered with
 * that id in zod's registry, so that fastify-type-provider-zod writes a `$ref` where an answer uses it. Requests stay
 * inline: a query's or path's fields become parameters, and an upload field becomes binary in the multipart form.
 */
export function registerAnswerComponents(): void {
  if (registered) return;
  registered = true;
  const endpoints = Object.entries(contracts)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, list]) => Object.values(list as Record<string, EndpointDefinition>));
  const inAnswers = new Set<z.ZodType>();
  const inRequests = new Set<z.ZodType>();
  for (const endpoint of endpoints) {
    collect(endpoint.response, inAnswers);
    for (const part of [endpoint.params, endpoint.query, endpoint.body]) collect(part, inRequests);
  }
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodObject)) continue;
    if (!inAnswers.has(value) || inRequests.has(value)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id) continue;
    z.globalRegistry.add(value, { ...meta, id: name.slice(0, -'Schema'.length) });
  }
}
