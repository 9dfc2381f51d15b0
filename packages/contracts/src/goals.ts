import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
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

export const MIN_SECONDS_TO_CONVERT_MAX = 86_400;
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

export const goalsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/goals',
    tags: ['staff'],
    summary: 'Every goal, retired ones included, with its code, name and the offers paying on it (staff)',
    response: envelope(z.array(StaffGoalSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/goals',
    tags: ['staff'],
    summary: 'Create a goal: the code an advertiser sends and the name people read (admins, audited)',
    body: GoalCreateSchema,
    response: envelope(StaffGoalSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/goals/:id',
    tags: ['staff'],
    summary: 'Rename, recode (until used) or retire a goal (admins, audited)',
    description:
      'A code used by an offer, a conversion or a postback cannot change (409). A code or a name (case-insensitive) another goal has is refused on that field (400).',
    params: IdParamsSchema,
    body: GoalUpdateSchema,
    response: envelope(StaffGoalSchema),
  }),
};
