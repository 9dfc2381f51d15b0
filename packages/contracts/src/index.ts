export * from './constants.js';
export * from './validation.js';
export * from './api.js';
export * from './auth.js';
export * from './register.js';
export * from './partner.js';
export * from './config.js';
export * from './format.js';
