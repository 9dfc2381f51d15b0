/** A route may declare roles; all of them are required (spec section 6). */
export function hasRequiredRoles(required: readonly string[] | undefined, granted: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.every((role) => granted.includes(role));
}
