/** Field errors are the editor's to show. */
export const formCall = { skipBadRequestHandling: true } as const;
