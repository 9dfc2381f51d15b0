// A file the server sends as an attachment, handed to the browser: every CSV export's last step.

/** The file name a Content-Disposition header gives (RFC 6266: filename* wins over filename), or the fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return sanitize(decodeURIComponent(extended.trim())) || fallback;
    } catch {
      // A malformed escape: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return (name && sanitize(name)) || fallback;
}

/** No directories and no control characters in a name the server chose. */
const sanitize = (name: string) =>
  name
    .replace(/[/\\]/g, '_')
    .replace(/\p{Cc}/gu, '')
    .trim();

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
