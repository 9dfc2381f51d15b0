/** Builds the spec's answer wrapper: code, success, message, data, errors, total. */
export function ok<T>(data: T, options: { total?: number | null; message?: string | null } = {}) {
  return {
    code: 200,
    success: true,
    message: options.message ?? null,
    data,
    errors: null,
    total: options.total ?? null,
  };
}

export const toIso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
