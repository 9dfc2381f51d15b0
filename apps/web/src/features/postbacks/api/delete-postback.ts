import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { usePostbackChange } from './use-postback-change';

export const useDeletePostback = () =>
  usePostbackChange((id: number) => api.call(postbacksEndpoints.delete, { params: { id } }));
