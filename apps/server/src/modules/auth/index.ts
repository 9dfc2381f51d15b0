// The auth module's front door: sign-in, sessions, password keys, sign-in failures and security notices, and the
// read-only sessions staff open to view the portal as a partner (decision 039).
export { authRoutes } from './auth.routes.js';
export { createViewSession } from './auth.repository.js';
export { issuePasswordKey, passwordKeyLink } from './password-keys.js';
export { notifyBankDetailsChange, notifySignInEmailChange, notifyTwoFactorChange } from './security-notices.js';
export { verifyCurrentPassword } from './sign-in-failures.js';
