import { conversionChangesEndpoints, type ConversionReverse } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useConversionChangeMutation } from './conversion-change-mutation';

/** POST /staff/conversions/{id}/reverse: rejected, reason reversed with its code and note (decision 069). */
export const useReverseConversion = () =>
  useConversionChangeMutation(({ id, body }: { id: number; body: ConversionReverse }) =>
    api.call(conversionChangesEndpoints.reverse, { params: { id }, body }, { skipBadRequestHandling: true }),
  );
