export const formCall = { skipBadRequestHandling: true } as const;
