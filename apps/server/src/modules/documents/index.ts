// The documents module's front door: partners' compliance documents and their review.
export { documentsRoutes } from './documents.routes.js';
export { reviewDocuments, type Review, type ReviewContext } from './document-reviews.js';
