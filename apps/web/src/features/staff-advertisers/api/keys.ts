import type { PostbackLogOutcome } from '@portal/contracts';

/** The query keys of the advertisers screens; every change reloads everything under `all`. */
export const advertiserKeys = {
  all: ['staff-advertisers'] as const,
  list: () => [...advertiserKeys.all, 'list'] as const,
  detail: (id: number) => [...advertiserKeys.all, 'one', id] as const,
  users: (id: number) => [...advertiserKeys.all, 'users', id] as const,
  tagSetup: (id: number) => [...advertiserKeys.all, 'tag-setup', id] as const,
  postbackLog: (id: number, outcome: PostbackLogOutcome | null, page: number, count: number) =>
    [...advertiserKeys.all, 'postbacks', id, outcome, page, count] as const,
};
