import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { GoalCreateSchema, GoalUpdateSchema, StaffGoalSchema } from './goals.js';

// The goals' endpoints, in a module of their own (decision 129, as decision 119 did for the staff offers'): the offer
// editor's goal floor saves through one; beside the goals' schemas, those would load zod with it. A web build strips
// the endpoints to their method and path (apps/web/vite/lean-bundle.ts), so nothing here then needs the schemas.

export const goalsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/goals',
    tags: ['staff'],
    summary: 'Every goal, retired ones included, with its code, name and the offers paying on it (staff)',
    response: envelope(z.array(StaffGoalSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/goals',
    tags: ['staff'],
    summary: 'Create a goal: the code an advertiser sends and the name people read (admins, audited)',
    body: GoalCreateSchema,
    response: envelope(StaffGoalSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/goals/:id',
    tags: ['staff'],
    summary: 'Rename, recode (until used) or retire a goal (admins, audited)',
    description:
      'A code used by an offer, a conversion or a postback cannot change (409). A code or a name (case-insensitive) another goal has is refused on that field (400).',
    params: IdParamsSchema,
    body: GoalUpdateSchema,
    response: envelope(StaffGoalSchema),
  }),
};
