import { z } from 'zod';
import { StaffUserCreateSchema } from '@portal/contracts';
import { type StaffUserRow } from '../api/get-staff-users';

/** The form's values: the team as the select holds it (a string id, '' for none). */
export const StaffUserFormSchema = StaffUserCreateSchema.omit({
  teamId: true,
  managerId: true,
  photo: true,
  enabled: true,
}).extend({
  teamId: z.string(),
});
export type StaffUserFormValues = z.input<typeof StaffUserFormSchema>;
export type StaffUserFormOutput = z.output<typeof StaffUserFormSchema>;

export const toStaffUserForm = (user: StaffUserRow | null): StaffUserFormValues => ({
  email: user?.email ?? '',
  firstname: user?.firstname ?? '',
  lastname: user?.lastname ?? '',
  roles: user?.roles ?? ['ROLE_ACCOUNT_MANAGER'],
  teamId: user?.teamId ? String(user.teamId) : '',
  phone: user?.phone ?? '',
  telegram: user?.telegram ?? '',
  teams: user?.teams ?? '',
});
