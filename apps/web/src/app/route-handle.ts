import type { Screen } from '@/lib/screens';

/** What a route declares about itself through `handle`: its screen's title, roles, card width and texts (lib/screens.ts). */
export type RouteHandle = Partial<
  Pick<Screen, 'title' | 'roles' | 'anyRoles' | 'wideCard' | 'area' | 'texts' | 'staffTexts'>
>;
