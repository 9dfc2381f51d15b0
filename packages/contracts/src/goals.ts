import { z } from 'zod';
import { MIN_SECONDS_TO_CONVERT_MAX } from './constants.js';
import { requiredString } from './validation.js';

// ---------------------------------------------------------------- goals a network owns (decision 078)

/** The longest goal code: the `goal` an advertiser's postback sends is at most this long. */
export const GOAL_CODE_MAX = 64;
/** The longest goal name. */
export const GOAL_NAME_MAX = 100;
/** A goal code travels in a postback URL as is: lowercase letters, digits, `_` and `-`, no space, no escaping. */
export const GOAL_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** `code` as the advertiser's postback sends it (`goal=first_deposit`). */
export const GoalCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(GOAL_CODE_MAX, { error: 'maxLength' })
  .regex(GOAL_CODE_PATTERN, { error: 'goalCode' });

/** A goal as staff manage it: its code is locked once an offer, a conversion or a postback uses it. */
export const StaffGoalSchema = z.object({
  id: z.number().int(),
  /** What the advertiser's postback sends as `goal`. */
  code: z.string(),
  /** What people read. */
  name: z.string(),
  /** A retired goal stays on the offers that pay on it but cannot be added to another. */
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  /** Offers that pay on it. */
  offerCount: z.number().int(),
  /** Used by an offer, a conversion or a postback: the code can no longer change. */
  codeLocked: z.boolean(),
  /**
   * The fewest seconds from click to conversion the `tooFast` conversion rule lets through (decision 101); null: the
   * default (DEFAULT_MIN_SECONDS_TO_CONVERT), 0: never too fast.
   */
  minSecondsToConvert: z.number().int().nullable(),
});
export type StaffGoal = z.infer<typeof StaffGoalSchema>;

const minSeconds = z
  .number({ error: 'type' })
  .int({ error: 'type' })
  .min(0, { error: 'min' })
  .max(MIN_SECONDS_TO_CONVERT_MAX, { error: 'max' })
  .nullable();

/** POST /staff/goals. */
export const GoalCreateSchema = z.strictObject({
  code: GoalCodeSchema,
  name: requiredString(GOAL_NAME_MAX),
  minSecondsToConvert: minSeconds.optional(),
});
export type GoalCreate = z.input<typeof GoalCreateSchema>;

/** PUT /staff/goals/{id}: the fields sent change; `retired` retires (true) or brings back (false). */
export const GoalUpdateSchema = z.strictObject({
  code: GoalCodeSchema.optional(),
  name: requiredString(GOAL_NAME_MAX).optional(),
  retired: z.boolean({ error: 'type' }).optional(),
  minSecondsToConvert: minSeconds.optional(),
});
export type GoalUpdate = z.input<typeof GoalUpdateSchema>;
