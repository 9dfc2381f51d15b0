import { filesEndpoints } from '@portal/contracts';
import { api } from './api-client';

/** A signed link valid a few minutes; the browser downloads it (the server answers as an attachment). */
export async function getFileUrl(fileId: number) {
  const { data } = await api.call(filesEndpoints.url, { params: { id: fileId } });
  return data.url;
}

export async function downloadFile(fileId: number) {
  window.location.assign(await getFileUrl(fileId));
}
