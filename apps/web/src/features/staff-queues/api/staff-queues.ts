export * from './decide-application';
export * from './decide-applications';
export * from './decide-documents';
export * from './get-pending-applications';
export * from './get-staff-documents';
export * from './review-document';
