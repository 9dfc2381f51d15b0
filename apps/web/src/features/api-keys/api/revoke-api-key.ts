import { apiKeysEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useKeyChange } from './use-api-key-change';

export const useRevokeApiKey = () =>
  useKeyChange((id: number) => api.call(apiKeysEndpoints.revoke, { params: { id } }));
