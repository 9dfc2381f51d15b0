import type { DocumentType } from '@portal/contracts';

/** The query keys of the applications and documents queues. */
export const staffQueueKeys = {
  all: ['staff-queues'] as const,
  applications: (page: number, count: number) => [...staffQueueKeys.all, 'applications', page, count] as const,
  documents: (view: 'pending' | 'expired', type: DocumentType | null, page: number, count: number) =>
    [...staffQueueKeys.all, 'documents', view, type, page, count] as const,
};
