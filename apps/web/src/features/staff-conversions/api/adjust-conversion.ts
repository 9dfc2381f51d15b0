import { conversionChangesEndpoints, type ConversionAdjust } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useConversionChangeMutation } from './conversion-change-mutation';

/** POST /staff/conversions/{id}/adjust: new payout and revenue of an approved conversion (decision 069). */
export const useAdjustConversion = () =>
  useConversionChangeMutation(({ id, body }: { id: number; body: ConversionAdjust }) =>
    api.call(conversionChangesEndpoints.adjust, { params: { id }, body }, { skipBadRequestHandling: true }),
  );
