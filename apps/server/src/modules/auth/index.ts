// The auth module's front door: sign-in, sessions, password keys, and the read-only sessions staff open to view the
// portal as a partner (decision 039). Sign-in failures and security notices are the credentials module's (065).
export { authRoutes } from './auth.routes.js';
export { createViewSession, issuePasswordKey } from './auth.repository.js';
export { passwordKeyLink } from './password-keys.js';
