import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  STAFF_ROLE_VALUES,
  StaffUserCreateSchema,
  optionalId,
  staffUserFields,
  type StaffUserCreate,
} from './staff-user-form.js';
import { requiredString } from './validation.js';

// ---------------------------------------------------------------- staff users and teams (decision 037)

export { StaffUserCreateSchema, type StaffUserCreate } from './staff-user-form.js';

/** A staff member as the console lists it. Never a password or its hash. */
export const StaffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLE_VALUES)),
  teamId: z.number().int().nullable(),
  managerId: z.number().int().nullable(),
  phone: z.string().nullable(),
  telegram: z.string().nullable(),
  teams: z.string().nullable(),
  enabled: z.boolean(),
  /** The photo, 128×128 as partners see their account manager's; null without one. */
  image: z.string().nullable(),
  loggedAt: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** Invited and has not chosen a password yet. */
  invitationPending: z.boolean(),
  /** The partners it manages. */
  partnerCount: z.number().int(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

/** PUT /staff/users/{id}: the fields sent change; the others stay. */
export const StaffUserUpdateSchema = z.strictObject({
  ...Object.fromEntries(Object.entries(staffUserFields).map(([key, schema]) => [key, schema.optional()])),
  /** When disabling a member who still manages partners: who takes them over, in the same request. */
  reassignPartnersTo: z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
  /** The password of the one making the change: required when the e-mail changes (decision 067). */
  currentPassword: z.string({ error: 'type' }).max(256, { error: 'maxLength' }).optional(),
}) as z.ZodType<StaffUserUpdate>;
export type StaffUserUpdate = Partial<StaffUserCreate> & { reassignPartnersTo?: number; currentPassword?: string };

export const TeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  managerId: z.number().int().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamBodySchema = z.strictObject({
  name: requiredString(100),
  managerId: optionalId,
});
export type TeamBody = z.infer<typeof TeamBodySchema>;

export const TeamUpdateSchema = TeamBodySchema.partial();
export type TeamUpdate = z.infer<typeof TeamUpdateSchema>;

/** Network-wide security settings (admins). */
export const SecuritySettingsSchema = z.strictObject({
  /** Every staff member must sign in with two-factor authentication. */
  staffTwoFactorRequired: z.boolean({ error: 'type' }),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

export const staffUserEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/users',
    tags: ['staff'],
    summary: 'Staff members (admins: all; team managers: their team), by name',
    response: envelope(z.array(StaffUserSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/users',
    tags: ['staff'],
    summary: 'Create a staff member: it is e-mailed a link to choose its password',
    body: StaffUserCreateSchema,
    response: envelope(StaffUserSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/users/:id',
    tags: ['staff'],
    summary:
      'Change a staff member; disabling it ends its sessions, and needs `reassignPartnersTo` while it still manages partners; a new e-mail needs `currentPassword` (the changer’s own), tells the former address, ends its sessions and revokes its API keys',
    params: IdParamsSchema,
    body: StaffUserUpdateSchema,
    response: envelope(StaffUserSchema),
  }),
  teams: defineEndpoint({
    method: 'GET',
    path: '/staff/teams',
    tags: ['staff'],
    summary: 'The teams, by name',
    response: envelope(z.array(TeamSchema)),
  }),
  createTeam: defineEndpoint({
    method: 'POST',
    path: '/staff/teams',
    tags: ['staff'],
    summary: 'Create a team (admins)',
    body: TeamBodySchema,
    response: envelope(TeamSchema),
  }),
  updateTeam: defineEndpoint({
    method: 'PUT',
    path: '/staff/teams/:id',
    tags: ['staff'],
    summary: 'Rename a team or change its manager (admins)',
    params: IdParamsSchema,
    body: TeamUpdateSchema,
    response: envelope(TeamSchema),
  }),
  securitySettings: defineEndpoint({
    method: 'GET',
    path: '/staff/settings/security',
    tags: ['staff'],
    summary: 'Network-wide security settings (admins)',
    response: envelope(SecuritySettingsSchema),
  }),
  updateSecuritySettings: defineEndpoint({
    method: 'PUT',
    path: '/staff/settings/security',
    tags: ['staff'],
    summary: 'Require two-factor sign-in of every staff member, or not (admins)',
    body: SecuritySettingsSchema,
    response: envelope(SecuritySettingsSchema),
  }),
};
