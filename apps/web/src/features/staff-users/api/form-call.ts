/** The forms show their own 400/409 under their fields. */
export const formCall = { skipBadRequestHandling: true, loading: true } as const;
