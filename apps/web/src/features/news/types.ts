import type { News, RevivedDates } from '@portal/contracts';

/** A news item as the web client holds it: `publishedAt` and `createdAt` revived into dates. */
export type NewsItem = RevivedDates<News>;
