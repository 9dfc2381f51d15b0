import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { ComplianceDocumentBodySchema, ReviewComplianceDocumentBodySchema } from './my-account.js';
import { ComplianceDocumentSchema } from './partner.js';

/** Compliance documents: the partner uploads and replaces them, staff review them. */
export const documentsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/partner/compliance-document',
    tags: ['documents'],
    summary: 'Upload a compliance document (data URL; PDF, PNG or JPEG, 10 MB); it awaits approval',
    body: ComplianceDocumentBodySchema,
    response: envelope(ComplianceDocumentSchema),
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/partner/compliance-document/:id',
    tags: ['documents'],
    summary: 'Replace a compliance document; its status goes back to pending',
    params: IdParamsSchema,
    body: ComplianceDocumentBodySchema,
    response: envelope(ComplianceDocumentSchema),
  }),
  review: defineEndpoint({
    method: 'PUT',
    path: '/staff/compliance-documents/:id',
    tags: ['staff'],
    summary: "Review a partner's compliance document: approve, refuse or set back to pending, with an expiry date",
    params: IdParamsSchema,
    body: ReviewComplianceDocumentBodySchema,
    response: envelope(ComplianceDocumentSchema),
  }),
};
