import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReportViewBody, type ReportViewUpdate, reportViewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { networkReportKeys } from './keys';

/** GET /staff/report-views: the signed-in staff member's saved views and its team's shared ones (decisions 106, 114). */
export const useReportViews = () =>
  useQuery({
    queryKey: networkReportKeys.views,
    queryFn: async () => (await api.call(reportViewsEndpoints.list)).data ?? [],
  });

/** After a change to the views: their list, and the staff home, which shows a pinned one's totals. */
function useViewsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: networkReportKeys.views }),
      queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome }),
    ]);
}

/** POST /staff/report-views: the report as shown, under a name (the same name replaces it). */
export function useSaveReportView() {
  const changed = useViewsChanged();
  return useMutation({
    mutationFn: async (body: ReportViewBody) => (await api.call(reportViewsEndpoints.create, { body })).data,
    onSuccess: changed,
  });
}

/** PUT /staff/report-views/{id}: the owner renames, changes or shares its view (decision 114). */
export function useUpdateReportView() {
  const changed = useViewsChanged();
  return useMutation({
    mutationFn: async ({ id, ...body }: ReportViewUpdate & { id: number }) =>
      (await api.call(reportViewsEndpoints.update, { params: { id }, body })).data,
    onSuccess: changed,
  });
}

/** DELETE /staff/report-views/{id}. */
export function useDeleteReportView() {
  const changed = useViewsChanged();
  return useMutation({
    mutationFn: (id: number) => api.call(reportViewsEndpoints.delete, { params: { id } }),
    onSuccess: changed,
  });
}

/** PUT /staff/home/view: the view whose totals the staff home shows, or none (decision 114). */
export function usePinHomeView() {
  const changed = useViewsChanged();
  return useMutation({
    mutationFn: async (viewId: number | null) => (await api.call(reportViewsEndpoints.pinHomeView, { body: { viewId } })).data, // prettier-ignore
    onSuccess: changed,
  });
}
