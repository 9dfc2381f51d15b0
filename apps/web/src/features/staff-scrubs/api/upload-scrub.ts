import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversionScrubsEndpoints, type ConversionScrubUpload } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { scrubKeys } from './keys';

/** POST /staff/conversion-scrubs: uploads the file, answers its preview; nothing changes until it is applied. */
export function useUploadScrub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConversionScrubUpload) =>
      (await api.call(conversionScrubsEndpoints.upload, { body }, { skipBadRequestHandling: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scrubKeys.all }),
  });
}
