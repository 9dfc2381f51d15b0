// The credentials module's front door (decision 065): the proofs of identity the sign-in, two-factor changes and
// bank-detail changes share (failed attempts counted per account and IP, the current password re-checked; decisions
// 003 and 030), and the security notices those changes send. Its own module, so that auth and two-factor both reach it
// without reaching each other.
export { assertSignInAllowed, verifyCurrentPassword } from './sign-in-failures.js';
export { clearAccountFailures, recordFailure, recordIpFailure } from './credentials.repository.js';
export {
  notifyBankDetailsChange,
  notifySignInEmailChange,
  notifyTwoFactorChange,
  type TwoFactorChange,
} from './security-notices.js';
