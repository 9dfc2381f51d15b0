import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffEndpoints,
  staffNewsEndpoints,
  staffOffersEndpoints,
  type EndpointData,
  type NewsCreate,
  type NewsState,
  type NewsUpdate,
  type RevivedDates,
  type StaffImageUpload,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffNewsKeys } from './keys';

export type StaffNewsRow = RevivedDates<EndpointData<typeof staffNewsEndpoints.list>>[number];

const formCall = { skipBadRequestHandling: true } as const;

export const useStaffNews = (state: NewsState | null, page: number, count: number) =>
  useQuery({
    queryKey: staffNewsKeys.list(state, page, count),
    queryFn: async () => {
      const answer = await api.call(staffNewsEndpoints.list, { query: { page, count, ...(state ? { state } : {}) } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

function useNewsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffNewsKeys.all }),
  });
}

export const useSaveNews = () =>
  useNewsMutation(({ id, body }: { id: number | null; body: NewsCreate | NewsUpdate }) =>
    id === null
      ? api.call(staffNewsEndpoints.create, { body: body as NewsCreate }, formCall)
      : api.call(staffNewsEndpoints.update, { params: { id }, body }, formCall),
  );

export const useDeleteNews = () =>
  useNewsMutation((id: number) => api.call(staffNewsEndpoints.delete, { params: { id } }));

export const uploadImage = async (body: StaffImageUpload) =>
  (await api.call(staffNewsEndpoints.uploadImage, { body }, formCall)).data;

/** Offers and partners found by what was typed, for an audience: `{value: id, label}`. */
export const useAudienceOptions = (kind: 'offers' | 'partners', search: string) =>
  useQuery({
    queryKey: staffNewsKeys.audience(kind, search),
    queryFn: async () => {
      const query = { page: 1, count: 20, ...(search ? { q: search } : {}) };
      return kind === 'offers'
        ? ((await api.call(staffOffersEndpoints.list, { query })).data ?? []).map((o) => ({
            value: String(o.id),
            label: `${o.name} #${o.id}`,
          }))
        : ((await api.call(staffEndpoints.listPartners, { query })).data ?? []).map((p) => ({
            value: String(p.id),
            label: p.displayName,
          }));
    },
    placeholderData: keepPreviousData,
  });
