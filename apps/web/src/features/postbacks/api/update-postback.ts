import { type PostbackPatch, postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { usePostbackChange } from './use-postback-change';

export const useUpdatePostback = () =>
  usePostbackChange(({ id, patch }: { id: number; patch: PostbackPatch }) =>
    api.call(postbacksEndpoints.update, { params: { id }, body: patch }),
  );
