/**
 * The sign-in form's rules as plain functions, without zod: the light sign-in page (decision 055) checks them in the
 * browser with no schema library, and the zod schemas of the same forms (auth.ts) are built on them.
 */

const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;
const SMS_CODE_PATTERN = /^\d{6}$/;

/** Whether a sign-in code is a recovery code rather than a six-digit SMS code. */
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code.trim());

/** Whether a second-step code can be sent: six digits from the SMS, or a recovery code (decision 030). */
export const isSignInCode = (code: string) => SMS_CODE_PATTERN.test(code.trim()) || isRecoveryCode(code);

/** The sign-in form can be sent once neither field is empty (spec section 9; the email is trimmed). */
export const isSignInFilled = (email: string, password: string) => email.trim().length > 0 && password.length > 0;
