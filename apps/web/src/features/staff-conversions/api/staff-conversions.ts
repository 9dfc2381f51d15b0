export * from './get-pending-conversions';
export * from './review-conversion';
