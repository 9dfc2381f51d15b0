/** Field errors are the forms' to show. */
export const formCall = { skipBadRequestHandling: true } as const;
