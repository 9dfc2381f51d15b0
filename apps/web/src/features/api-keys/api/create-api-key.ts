import { apiKeysEndpoints, type CreateApiKeyBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useKeyChange } from './use-api-key-change';

/** The answer carries the key itself, the only time it is ever shown. */
export const useCreateApiKey = () =>
  useKeyChange((body: CreateApiKeyBody) =>
    api.call(apiKeysEndpoints.create, { body }, { skipBadRequestHandling: true }),
  );
