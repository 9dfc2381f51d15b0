/** A route may declare roles; all of them are required (spec section 6). */
export function hasRequiredRoles(required: readonly string[] | undefined, granted: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.every((role) => granted.includes(role));
}

/** A route may also declare roles of which one is enough (any staff role for the back-office). */
export function hasAnyRole(anyOf: readonly string[] | undefined, granted: readonly string[]): boolean {
  if (!anyOf || anyOf.length === 0) return true;
  return anyOf.some((role) => granted.includes(role));
}
