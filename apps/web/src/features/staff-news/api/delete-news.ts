import { staffNewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useNewsMutation } from './use-news-mutation';

export const useDeleteNews = () =>
  useNewsMutation((id: number) => api.call(staffNewsEndpoints.delete, { params: { id } }));
