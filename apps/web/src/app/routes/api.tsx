import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';

/** The reporting API page: its keys and how to call the API with them. */
export function ApiRoute() {
  return <ApiKeysPage />;
}
