/**
 * The OpenAPI document's multipart bodies, made true (decision 069): a route that also takes multipart/form-data
 * validates the same contract schema once its parts are read, where an upload is a `{filename, data}` data URL; on
 * the wire of a form it is the file itself, so each such property of the multipart media type is documented as a
 * binary string.
 */
type Schema = { properties?: Record<string, Schema>; pattern?: string; [key: string]: unknown };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

const isDataUrlUpload = (schema: Schema | undefined) =>
  typeof schema?.properties?.data?.pattern === 'string' && schema.properties.data.pattern.startsWith('^data:');

export function documentBinaryUploads<D extends object>(document: D): D {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item) as Operation[]) {
      const content = operation?.requestBody?.content;
      const shared = content?.['multipart/form-data'];
      if (!content || !shared?.schema?.properties) continue;
      // The JSON media type shares the media object and its schema: the form's gets a copy of its own.
      const media = structuredClone(shared);
      content['multipart/form-data'] = media;
      const properties = media.schema!.properties!;
      for (const [name, schema] of Object.entries(properties)) {
        if (isDataUrlUpload(schema)) properties[name] = { type: 'string', format: 'binary' };
      }
    }
  }
  return document;
}
