import { type NewsCreate, type NewsUpdate, staffNewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useNewsMutation } from './use-news-mutation';

export const useSaveNews = () =>
  useNewsMutation(({ id, body }: { id: number | null; body: NewsCreate | NewsUpdate }) =>
    id === null
      ? api.call(staffNewsEndpoints.create, { body: body as NewsCreate }, formCall)
      : api.call(staffNewsEndpoints.update, { params: { id }, body }, formCall),
  );
