import { conversionChangesEndpoints, type ConversionApprove } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useConversionChangeMutation } from './conversion-change-mutation';

/** POST /staff/conversions/{id}/approve: a rejected conversion approved by hand (decision 069). */
export const useApproveConversion = () =>
  useConversionChangeMutation(({ id, body }: { id: number; body: ConversionApprove }) =>
    api.call(conversionChangesEndpoints.approve, { params: { id }, body }, { skipBadRequestHandling: true }),
  );
