import { staffAdvertiserUsersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useAdvertiserMutation } from './use-advertiser-mutation';

/** Disables (its sessions end at once) or enables again an advertiser user (decision 100). */
export const useSetAdvertiserUserEnabled = (id: number) =>
  useAdvertiserMutation(({ userId, enabled }: { userId: number; enabled: boolean }) =>
    api.call(staffAdvertiserUsersEndpoints.update, { params: { id, userId }, body: { enabled } }),
  );
