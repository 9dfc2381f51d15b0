export * from './delete-news';
export * from './get-audience-options';
export * from './get-staff-news';
export * from './save-news';
export * from './upload-image';
