import { type PostbackBody, postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { usePostbackChange } from './use-postback-change';

/** Field errors are the form's to show (skipBadRequestHandling). */
export const useSavePostback = () =>
  usePostbackChange(({ id, body }: { id: number | null; body: PostbackBody }) =>
    id === null
      ? api.call(postbacksEndpoints.create, { body }, { skipBadRequestHandling: true })
      : api.call(postbacksEndpoints.update, { params: { id }, body }, { skipBadRequestHandling: true }),
  );
