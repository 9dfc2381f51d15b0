/**
 * A response validator built from the OpenAPI document alone (issue 45, item 2), as an integrator's tools would use it:
 * the document is first checked against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator), then each answer
 * is held against its operation: the status must be one the operation lists, the media type one that status lists, and
 * a JSON body must match that media type's schema (Ajv, JSON Schema 2020-12, the document's own `$ref`s).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type MediaType = { schema?: unknown };
type Response = { content?: Record<string, MediaType>; $ref?: string };
type Operation = { operationId?: string; responses?: Record<string, Response> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Response> };
};

/** One answer as the server sent it. */
export type Answer = {
  method: string;
  /** The path without its query: `/api/v1/offer/12`. */
  path: string;
  status: number;
  contentType: string | undefined;
  body: string;
};

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly templates: { template: string; pattern: RegExp; params: number }[];
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(private readonly document: Document) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema(document as object, 'openapi.json');
    // Literal paths before templated ones: `/staff/offers/export` is not `/staff/offers/{id}`.
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        params: (template.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`),
      }))
      .sort((a, b) => a.params - b.params);
  }

  /** The validator of a document, or the document's own errors against the OpenAPI schema. */
  static async of(document: unknown): Promise<{ validator: OpenApiResponseValidator; documentErrors: unknown }> {
    const schemaCheck = await new Validator().validate(structuredClone(document) as Record<string, unknown>);
    return {
      validator: new OpenApiResponseValidator(document as Document),
      documentErrors: schemaCheck.valid ? null : schemaCheck.errors,
    };
  }

  /** The operation an answer belongs to, as `METHOD /template`, or null when the document has no such path. */
  operationOf(method: string, path: string): string | null {
    const found = this.templates.find((t) => t.pattern.test(path));
    return found ? `${method.toUpperCase()} ${found.template}` : null;
  }

  /** What is wrong with an answer by the document: empty when the document allows it. */
  check(answer: Answer): string[] {
    const found = this.templates.find((t) => t.pattern.test(answer.path));
    if (!found) return [`no path of the document matches ${answer.path}`];
    const method = answer.method.toLowerCase();
    const operation = this.document.paths[found.template]![method];
    if (!operation) return [`${answer.method} ${found.template} is not in the document`];
    const responses = operation.responses ?? {};
    const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return [`status ${answer.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    let response = responses[key]!;
    const pointer = `#/paths/${escapePointer(found.template)}/${method}/responses/${key}`;
    let base = pointer;
    if (response.$ref) {
      base = response.$ref;
      response = this.document.components?.responses?.[response.$ref.split('/').pop()!] ?? {};
    }
    const content = response.content ?? {};
    const bodyEmpty = answer.body.length === 0;
    if (bodyEmpty && (Object.keys(content).length === 0 || answer.method === 'HEAD')) return [];
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!mediaType) return bodyEmpty ? [] : ['a body without a Content-Type'];
    const documented = Object.keys(content).find((type) => {
      const [kind, sub] = type.toLowerCase().split('/');
      const [gotKind, gotSub] = mediaType.split('/');
      return (kind === '*' || kind === gotKind) && (sub === '*' || sub === gotSub);
    });
    if (!documented) {
      return [
        `status ${answer.status} answers ${mediaType}; the document says ${Object.keys(content).join(', ') || 'no body'}`,
      ];
    }
    if (!/json/.test(mediaType) || content[documented]!.schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`status ${answer.status} says ${mediaType} but its body is not JSON`];
    }
    const ref = `openapi.json${base}/content/${escapePointer(documented)}/schema`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.getSchema(ref);
      if (!validate) return [`the schema at ${ref} does not compile`];
      this.compiled.set(ref, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `body${e.instancePath || ''} ${e.message ?? e.keyword} (${JSON.stringify(e.params).slice(0, 120)})`);
  }
}

/**
 * The value with each `$ref` to a schema component replaced by the component (recursively), but the ones `kept`: what
 * a reader of one operation sees, wherever its parts are shared.
 */
export function inlineRefs(value: unknown, components: Record<string, unknown>, kept: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, components, kept));
  if (value && typeof value === 'object') {
    const { $ref, ...rest } = value as { $ref?: string };
    const target =
      typeof $ref === 'string' && !kept.includes($ref)
        ? components[$ref.replace('#/components/schemas/', '')]
        : undefined;
    const merged = target ? { ...(target as object), ...rest } : value;
    return Object.fromEntries(Object.entries(merged).map(([key, inner]) => [key, inlineRefs(inner, components, kept)]));
  }
  return value;
}
