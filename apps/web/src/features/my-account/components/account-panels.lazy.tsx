/** My Account's panels but the company's, loaded when one is opened or approached (decision 122). */
export { ComplianceDocuments } from './compliance-documents';
export { ContactForm } from './contact-form';
export { PaymentForm } from './payment-form';
