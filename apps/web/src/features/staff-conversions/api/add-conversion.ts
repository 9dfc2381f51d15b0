import { conversionChangesEndpoints, type ConversionAdd } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useConversionChangeMutation } from './conversion-change-mutation';

/** POST /staff/conversions: a conversion added by hand on a known click (decision 069). */
export const useAddConversion = () =>
  useConversionChangeMutation((body: ConversionAdd) =>
    api.call(conversionChangesEndpoints.add, { body }, { skipBadRequestHandling: true }),
  );
