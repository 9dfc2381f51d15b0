import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertiserPortalEndpoints, type TestPostback } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

/** POST /advertiser/test-postback: what a postback would answer, recorded nowhere but as a test in its log. */
export function useTestAdvertiserPostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TestPostback) =>
      (await api.call(advertiserPortalEndpoints.testPostback, { body }, { skipBadRequestHandling: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...advertiserKeys.all, 'postbacks'] }),
  });
}
