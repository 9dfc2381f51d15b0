import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from './constants.js';
import { UploadDocumentSchema } from './uploads.js';
import { EmailSchema, optionalString, requiredString } from './validation.js';

// ---------------------------------------------------------------- the staff member form's schema
// Apart from staff-users.ts (decision 115), whose endpoints the partners list reads (the managers it may assign): the
// staff member form parses this schema, and a module holding a schema a form parses is loaded with the validation
// library by every screen that reads anything else of it (decision 059). staff-users.ts re-exports it.

export const STAFF_ROLE_VALUES = STAFF_ROLES as readonly StaffRole[] as [StaffRole, ...StaffRole[]];
export const optionalId = z
  .number({ error: 'type' })
  .int({ error: 'type' })
  .positive({ error: 'min' })
  .nullable()
  .optional();

export const staffUserFields = {
  email: EmailSchema,
  firstname: requiredString(100),
  lastname: requiredString(100),
  roles: z
    .array(z.enum(STAFF_ROLE_VALUES, { error: 'type' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(STAFF_ROLES.length, { error: 'maxLength' })
    .refine((roles) => new Set(roles).size === roles.length, { error: 'unique' }),
  teamId: optionalId,
  managerId: optionalId,
  phone: optionalString(40),
  telegram: optionalString(100),
  teams: optionalString(254),
  enabled: z.boolean({ error: 'type' }).optional(),
  /** A PNG or JPEG photo; null removes it. */
  photo: UploadDocumentSchema.nullable().optional(),
};

/** POST /staff/users: a new staff member, invited by e-mail to choose its password. */
export const StaffUserCreateSchema = z.strictObject(staffUserFields);
export type StaffUserCreate = z.infer<typeof StaffUserCreateSchema>;
