import type { PostbackAttempt } from '@portal/contracts';

/**
 * The attempts that carry a 'Resend' button: for each delivery that ended failed, its newest attempt on the page
 * (attempts come newest first). Test attempts have no conversion to re-send.
 */
export function resendableAttempts(
  attempts: readonly Pick<PostbackAttempt, 'id' | 'deliveryId' | 'deliveryStatus' | 'test'>[],
): Set<number> {
  const seen = new Set<string>();
  const ids = new Set<number>();
  for (const attempt of attempts) {
    if (seen.has(attempt.deliveryId)) continue;
    seen.add(attempt.deliveryId);
    if (attempt.deliveryStatus === 'failed' && !attempt.test) ids.add(attempt.id);
  }
  return ids;
}
