import type { TFunction } from 'i18next';
import { OfferCreateSchema, type OfferCreate } from '@portal/contracts';

// The offer's schema, and zod with it, loaded when the editor is approached or at the latest by its Save (decision 129).

/** The contract's own check, its messages translated and keyed by path as the server's are. */
export function checkDraft(t: TFunction, body: OfferCreate): Record<string, string> {
  const parsed = OfferCreateSchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    const params = (issue as { params?: { macros?: string[] } }).params;
    errors[key] ??= t(`formError.${issue.message}`, {
      defaultValue: t('formError.type'),
      macros: params?.macros?.join(', ') ?? '',
      n: 'maximum' in issue ? Number(issue.maximum) : 'minimum' in issue ? Number(issue.minimum) : '',
    });
  }
  return errors;
}
