import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { ConversionReviewSchema, StaffConversionSchema, StaffConversionsQuerySchema } from './tracking.js';

/** Staff review of pending conversions (decision 023); the schemas sit with the conversions in tracking.ts. */
export const conversionReviewEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/conversions',
    tags: ['staff'],
    summary: 'Conversions of one status (pending by default), newest first, for staff',
    query: StaffConversionsQuerySchema,
    response: envelope(z.array(StaffConversionSchema)),
  }),
  review: defineEndpoint({
    method: 'PUT',
    path: '/staff/conversions/:id',
    tags: ['staff'],
    summary: 'Approve or decline a pending conversion: rollups follow, approval fires the partner postbacks',
    params: IdParamsSchema,
    body: ConversionReviewSchema,
    response: envelope(StaffConversionSchema),
  }),
};
