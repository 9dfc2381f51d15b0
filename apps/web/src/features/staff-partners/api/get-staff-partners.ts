import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffEndpoints, type StaffPartnersQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** A row of GET /staff/partners as the web reads it (dates revived). */
export type StaffPartnerRow = RevivedDates<EndpointData<typeof staffEndpoints.listPartners>>[number];

/** GET /staff/partners: search, filters, one page, sorted; the total for the pager. */
export const useStaffPartners = (query: StaffPartnersQuery) =>
  useQuery(
    queryOptions({
      queryKey: staffPartnerKeys.list(query),
      queryFn: async () => {
        const answer = await api.call(staffEndpoints.listPartners, { query });
        return { list: answer.data ?? [], total: answer.total ?? 0 };
      },
      placeholderData: (previous) => previous,
    }),
  );
