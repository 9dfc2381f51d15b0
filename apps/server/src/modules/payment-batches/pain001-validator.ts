import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The EPC's XSD for pain.001.001.09 (EPC132-08, SCT C2PSP 2023 v1.0), kept beside this file in src/. Resolved from the
 * server folder, so the built server (dist/modules/payment-batches/) reads the same file as the sources do without
 * a copy step: apps/server/src/modules/payment-batches/ from either.
 */
const XSD_FILE = 'pain.001.001.09.xsd';
const XSD_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/modules/payment-batches',
  XSD_FILE,
);

let schema: Promise<string> | undefined;
const schemaText = () => (schema ??= fs.readFile(XSD_PATH, 'utf8'));

export type Pain001Validation = { valid: true } | { valid: false; errors: string[] };

/** Validates a document against the XSD with libxml2 (xmllint-wasm): the errors as xmllint words them. */
export async function validatePain001(xml: string): Promise<Pain001Validation> {
  const result = await validateXML({
    xml: [{ fileName: 'batch.xml', contents: xml }],
    schema: [{ fileName: XSD_FILE, contents: await schemaText() }],
  });
  if (result.valid) return { valid: true };
  const errors = result.errors.map((error) => error.message.trim()).filter(Boolean);
  return { valid: false, errors: errors.length > 0 ? errors : [result.rawOutput.trim() || 'not valid'] };
}
