import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertiserPortalEndpoints, type AdvertiserScrubUpload } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

/** POST /advertiser/scrubs: sends the file; staff review it before any conversion changes. */
export function useUploadAdvertiserScrub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdvertiserScrubUpload) =>
      (await api.call(advertiserPortalEndpoints.uploadScrub, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.scrubs() }),
  });
}
