/** The address of the spec's /password-reset screen for a key, from PUBLIC_URL (never from a request). */
export function passwordKeyLink(publicUrl: string, key: string): string {
  return `${publicUrl}/password-reset?key=${encodeURIComponent(key)}`;
}
