/**
 * Lets non-React code (the api-client, logout) navigate through the data router
 * without importing app/, which would invert the dependency direction.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  void navigateImpl(to, options);
}

export function currentPathname(): string {
  return window.location.pathname;
}
