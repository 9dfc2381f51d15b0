import { PostbacksPage } from '@/features/postbacks/components/postbacks-page';

/** Pixels and postbacks: the partner's postbacks, their delivery statistics and the signing secret. */
export function PostbacksRoute() {
  return <PostbacksPage />;
}
