import { documentsEndpoints, type ComplianceDocumentBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** A first upload creates the record (POST); a replacement updates it (PUT). */
export function saveComplianceDocument(existingId: number | null, body: ComplianceDocumentBody) {
  return existingId === null
    ? api.call(documentsEndpoints.create, { body }, { loading: true })
    : api.call(documentsEndpoints.replace, { params: { id: existingId }, body }, { loading: true });
}
