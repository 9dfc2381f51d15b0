import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  advertisersEndpoints,
  staffNewsEndpoints,
  type AdvertiserCreate,
  type StaffImageUpload,
  type AdvertiserUpdate,
  type EndpointData,
  type PostbackLogOutcome,
  type ProductCreate,
  type ProductUpdate,
  type RevivedDates,
  type TestPostback,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserRow = RevivedDates<EndpointData<typeof advertisersEndpoints.list>>[number];
export type AdvertiserData = RevivedDates<EndpointData<typeof advertisersEndpoints.get>>;
export type ProductRow = AdvertiserData['products'][number];

/** Field errors are the forms' to show. */
const formCall = { skipBadRequestHandling: true } as const;

export const useAdvertisers = () =>
  useQuery({
    queryKey: advertiserKeys.list(),
    queryFn: async () => (await api.call(advertisersEndpoints.list, {})).data ?? [],
  });

export const useAdvertiser = (id: number) =>
  useQuery({
    queryKey: advertiserKeys.detail(id),
    queryFn: async () => (await api.call(advertisersEndpoints.get, { params: { id } })).data,
  });

export const usePostbackLog = (id: number, outcome: PostbackLogOutcome | null, page: number, count: number) =>
  useQuery({
    queryKey: advertiserKeys.postbackLog(id, outcome, page, count),
    queryFn: async () => {
      const answer = await api.call(advertisersEndpoints.postbacks, {
        params: { id },
        query: { page, count, ...(outcome ? { outcome } : {}) },
      });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });

function useAdvertiserMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
  });
}

export const useCreateAdvertiser = () =>
  useAdvertiserMutation((body: AdvertiserCreate) => api.call(advertisersEndpoints.create, { body }, formCall));

export const useUpdateAdvertiser = (id: number) =>
  useAdvertiserMutation((body: AdvertiserUpdate) =>
    api.call(advertisersEndpoints.update, { params: { id }, body }, formCall),
  );

export const useRotateToken = (id: number) =>
  useAdvertiserMutation((graceHours: number) =>
    api.call(advertisersEndpoints.rotateToken, { params: { id }, body: { graceHours } }, formCall),
  );

export const useTestPostback = (id: number) =>
  useAdvertiserMutation((body: TestPostback) =>
    api.call(advertisersEndpoints.testPostback, { params: { id }, body }, formCall),
  );

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

/** A product logo, stored as a staff image (kind 'logo'): its id and URL. */
export const uploadLogo = async (image: StaffImageUpload['image']) =>
  (await api.call(staffNewsEndpoints.uploadImage, { body: { kind: 'logo', image } }, formCall)).data;
