import type { ComplianceDocument, ComplianceDocumentBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** A first upload creates the record (POST); a replacement updates it (PUT). */
export function saveComplianceDocument(existingId: number | null, body: ComplianceDocumentBody) {
  return existingId === null
    ? api.post<ComplianceDocument>('/partner/compliance-document', body, { loading: true })
    : api.put<ComplianceDocument>(`/partner/compliance-document/${existingId}`, body, { loading: true });
}
