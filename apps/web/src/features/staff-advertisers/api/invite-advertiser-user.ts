import { staffAdvertiserUsersEndpoints, type AdvertiserUserInvite } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useAdvertiserMutation } from './use-advertiser-mutation';

/** Opens a portal user for the advertiser: it is mailed a link to choose its password (decision 087). */
export const useInviteAdvertiserUser = (id: number) =>
  useAdvertiserMutation((body: AdvertiserUserInvite) =>
    api.call(staffAdvertiserUsersEndpoints.invite, { params: { id }, body }, formCall),
  );
