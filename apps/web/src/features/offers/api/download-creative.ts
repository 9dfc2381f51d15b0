import { useMutation } from '@tanstack/react-query';
import { creativesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

/** The creative as a file, the partner's own link inside. */
export function useDownloadCreative(offerId: number) {
  return useMutation({
    mutationFn: async (creativeId: number) => {
      const { blob, disposition } = await api.downloadFrom(creativesEndpoints.download, { params: { id: offerId, childId: creativeId } }); // prettier-ignore
      return { blob, filename: filenameFromDisposition(disposition, `creative-${creativeId}`) };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
