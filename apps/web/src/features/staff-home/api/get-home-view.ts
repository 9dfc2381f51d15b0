import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportViewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/** GET /staff/home/view: the pinned view's totals, computed today (decision 114); null when none is pinned. */
export const useHomeView = () =>
  useQuery({
    queryKey: staffHomeKeys.view(),
    queryFn: async () => {
      const answer = await api.call(reportViewsEndpoints.homeView, {});
      return { view: answer.data, lagSeconds: answer.dataLagSeconds };
    },
  });

/** PUT /staff/home/view with null: the home shows no view any more. */
export function useUnpinHomeView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(reportViewsEndpoints.pinHomeView, { body: { viewId: null } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffHomeKeys.all }),
  });
}
