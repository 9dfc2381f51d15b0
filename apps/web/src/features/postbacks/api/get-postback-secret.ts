import { useQuery } from '@tanstack/react-query';
import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { postbackKeys } from './keys';

export const usePostbackSecret = () =>
  useQuery({ queryKey: postbackKeys.secret(), queryFn: async () => (await api.call(postbacksEndpoints.secret)).data });
