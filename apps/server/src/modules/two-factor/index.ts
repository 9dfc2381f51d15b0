// The two-factor module's front door: enrolment routes, and the codes the sign-in checks (decision 030).
export { twoFactorRoutes } from './two-factor.routes.js';
export {
  CODE_SEND_LIMITS,
  checkCode,
  checkRecoveryCode,
  codeByChallenge,
  issueCode,
  recentCodeCount,
} from './two-factor.service.js';
