import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  capsEndpoints,
  type CapsBody,
  creativesEndpoints,
  type CreativeInput,
  type LandingPageInput,
  staffOffersEndpoints,
  type EndpointData,
  type OfferCreate,
  type PayoutOverrideCreate,
  type OfferUpdate,
  type RevivedDates,
  type StaffImageUpload,
  type StaffOffersQuery,
  staffNewsEndpoints,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type StaffOfferListRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.list>>[number];
export type StaffOfferData = RevivedDates<EndpointData<typeof staffOffersEndpoints.get>>;
export type CatalogueOptionsData = EndpointData<typeof staffOffersEndpoints.options>;

/** Field errors are the editor's to show. */
const formCall = { skipBadRequestHandling: true } as const;

export const useStaffOffers = (query: StaffOffersQuery) =>
  useQuery({
    queryKey: staffOfferKeys.list(query),
    queryFn: async () => {
      const answer = await api.call(staffOffersEndpoints.list, { query });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });

export const useStaffOffer = (id: number | null) =>
  useQuery({
    queryKey: staffOfferKeys.detail(id),
    enabled: id !== null,
    queryFn: async () => (await api.call(staffOffersEndpoints.get, { params: { id: id! } })).data,
  });

export const useCatalogueOptions = () =>
  useQuery({
    queryKey: staffOfferKeys.options(),
    queryFn: async () => (await api.call(staffOffersEndpoints.options, {})).data,
  });

/** The advertisers with products, for the list's filter: from the pickers, which every staff member may read. */
export function useAdvertiserOptions() {
  const options = useCatalogueOptions();
  const byId = new Map((options.data?.products ?? []).map((p) => [p.advertiser.id, p.advertiser.name]));
  return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
}

export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OfferCreate | OfferUpdate }) =>
      id === null
        ? api.call(staffOffersEndpoints.create, { body: body as OfferCreate }, formCall)
        : api.call(staffOffersEndpoints.update, { params: { id }, body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.all }),
  });
}

export const uploadOfferImage = async (body: StaffImageUpload) =>
  (await api.call(staffNewsEndpoints.uploadImage, { body }, formCall)).data;

export type PayoutOverrideRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.overrides>>[number];

export const usePayoutOverrides = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.overrides(offerId),
    queryFn: async () => (await api.call(staffOffersEndpoints.overrides, { params: { id: offerId } })).data ?? [],
  });

export type OverrideRequestRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.overrideRequests>>[number];

/** The offer's payout override requests, any state, newest first: what the panel shows beside the overrides. */
export const useOverrideRequests = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.overrideRequests(offerId),
    queryFn: async () =>
      (await api.call(staffOffersEndpoints.overrideRequests, { query: { offerId, status: 'all', count: 50 } })).data ?? [], // prettier-ignore
  });

/** Sets an override; a manager's above the approval step comes back `pending` (decision 063). */
export function useSetOverride(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutOverrideCreate) =>
      api.call(staffOffersEndpoints.createOverride, { params: { id: offerId }, body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.overrides(offerId) }),
  });
}

export function useRemoveOverride(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: number) =>
      api.call(staffOffersEndpoints.deleteOverride, { params: { id: offerId, overrideId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.overrides(offerId) }),
  });
}

export type CapRow = RevivedDates<EndpointData<typeof capsEndpoints.list>>[number];

export const useCaps = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.caps(offerId),
    queryFn: async () => (await api.call(capsEndpoints.list, { params: { id: offerId } })).data ?? [],
  });

/** Replaces the caps the viewer may set with `body` (PUT: the list itself). */
export function useReplaceCaps(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CapsBody) => api.call(capsEndpoints.replace, { params: { id: offerId }, body }, formCall),
    onSuccess: (answer) => queryClient.setQueryData(staffOfferKeys.caps(offerId), answer.data ?? []),
  });
}

export type StaffCreativeRow = RevivedDates<EndpointData<typeof creativesEndpoints.staffList>>[number];
export type StaffLandingPageRow = RevivedDates<EndpointData<typeof creativesEndpoints.staffLandingPages>>[number];

export const useStaffCreatives = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.creatives(offerId),
    queryFn: async () => (await api.call(creativesEndpoints.staffList, { params: { id: offerId } })).data ?? [],
  });

export const useStaffLandingPages = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.landingPages(offerId),
    queryFn: async () => (await api.call(creativesEndpoints.staffLandingPages, { params: { id: offerId } })).data ?? [],
  });

/** Adds and removes an offer's creatives and landing pages (admins); both lists are read again after each. */
export function useCreativeWrites(offerId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.all });
  const params = { id: offerId };
  return {
    addCreative: useMutation({
      mutationFn: (body: CreativeInput) => api.call(creativesEndpoints.create, { params, body }, formCall),
      onSuccess: refresh,
    }),
    removeCreative: useMutation({
      mutationFn: (childId: number) => api.call(creativesEndpoints.delete, { params: { ...params, childId } }),
      onSuccess: refresh,
    }),
    addLandingPage: useMutation({
      mutationFn: (body: LandingPageInput) =>
        api.call(creativesEndpoints.createLandingPage, { params, body }, formCall),
      onSuccess: refresh,
    }),
    removeLandingPage: useMutation({
      mutationFn: (childId: number) =>
        api.call(creativesEndpoints.deleteLandingPage, { params: { ...params, childId } }),
      onSuccess: refresh,
    }),
  };
}
