import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReportViewBody, reportViewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { networkReportKeys } from './keys';

/** GET /staff/report-views: the signed-in staff member's saved views (decision 106). */
export const useReportViews = () =>
  useQuery({
    queryKey: networkReportKeys.views,
    queryFn: async () => (await api.call(reportViewsEndpoints.list)).data ?? [],
  });

/** POST /staff/report-views: the report as shown, under a name (the same name replaces it). */
export function useSaveReportView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportViewBody) => (await api.call(reportViewsEndpoints.create, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkReportKeys.views }),
  });
}

/** DELETE /staff/report-views/{id}. */
export function useDeleteReportView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(reportViewsEndpoints.delete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkReportKeys.views }),
  });
}
