import { advertisersEndpoints, type ProductCreate, type ProductUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useAdvertiserMutation } from './use-advertiser-mutation';

export const useSaveProduct = (advertiserId: number) =>
  useAdvertiserMutation(({ id, body }: { id: number | null; body: ProductCreate | ProductUpdate }) =>
    id === null
      ? api.call(
          advertisersEndpoints.createProduct,
          { params: { id: advertiserId }, body: body as ProductCreate },
          formCall,
        )
      : api.call(advertisersEndpoints.updateProduct, { params: { id }, body }, formCall),
  );
