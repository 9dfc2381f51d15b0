import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffEndpoints,
  staffUserEndpoints,
  type EndpointData,
  type RevivedDates,
  type ComplianceSettings,
  type SecuritySettings,
  type StaffUserCreate,
  type StaffUserUpdate,
  type TeamBody,
  type TeamUpdate,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffUserKeys } from './keys';

/** A staff member as the web reads it (dates revived). */
export type StaffUserRow = RevivedDates<EndpointData<typeof staffUserEndpoints.list>>[number];
export type TeamRow = RevivedDates<EndpointData<typeof staffUserEndpoints.teams>>[number];

/** The forms show their own 400/409 under their fields. */
const formCall = { skipBadRequestHandling: true, loading: true } as const;

export const useStaffUsers = () =>
  useQuery({
    queryKey: staffUserKeys.users(),
    queryFn: async () => (await api.call(staffUserEndpoints.list, {})).data ?? [],
  });

export const useTeams = () =>
  useQuery({
    queryKey: staffUserKeys.teams(),
    queryFn: async () => (await api.call(staffUserEndpoints.teams, {})).data ?? [],
  });

export const useSecuritySettings = (enabled: boolean) =>
  useQuery({
    queryKey: staffUserKeys.security(),
    queryFn: async () => (await api.call(staffUserEndpoints.securitySettings, {})).data,
    enabled,
  });

function useStaffMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffUserKeys.all }),
  });
}

export const useCreateStaffUser = () =>
  useStaffMutation((body: StaffUserCreate) => api.call(staffUserEndpoints.create, { body }, formCall));

export const useUpdateStaffUser = () =>
  useStaffMutation(({ id, body }: { id: number; body: StaffUserUpdate }) =>
    api.call(staffUserEndpoints.update, { params: { id }, body }, formCall),
  );

export const useCreateTeam = () =>
  useStaffMutation((body: TeamBody) => api.call(staffUserEndpoints.createTeam, { body }, formCall));

export const useUpdateTeam = () =>
  useStaffMutation(({ id, body }: { id: number; body: TeamUpdate }) =>
    api.call(staffUserEndpoints.updateTeam, { params: { id }, body }, formCall),
  );

export const useUpdateSecuritySettings = () =>
  useStaffMutation((body: SecuritySettings) =>
    api.call(staffUserEndpoints.updateSecuritySettings, { body }, { skipBadRequestHandling: true }),
  );

/** GET /staff/settings/compliance: the document types every partner must hold, approved and unexpired. */
export const useComplianceSettings = () =>
  useQuery({
    queryKey: staffUserKeys.compliance(),
    queryFn: async () => (await api.call(staffEndpoints.complianceSettings, {})).data,
  });

export const useUpdateComplianceSettings = () =>
  useStaffMutation((body: ComplianceSettings) =>
    api.call(staffEndpoints.updateComplianceSettings, { body }, { skipBadRequestHandling: true }),
  );
