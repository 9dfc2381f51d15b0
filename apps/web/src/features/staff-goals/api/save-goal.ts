import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GoalCreate, type GoalUpdate, goalsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffGoalKeys } from './keys';

/** The form shows its own refusals (field errors, a locked code). */
const formCall = { skipBadRequestHandling: true } as const;

/** Creates a goal (`id` null) or changes one: its name, its code, or whether it is retired. */
export function useSaveGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GoalCreate | GoalUpdate }) =>
      id === null
        ? api.call(goalsEndpoints.create, { body: body as GoalCreate }, formCall)
        : api.call(goalsEndpoints.update, { params: { id }, body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffGoalKeys.all }),
  });
}
