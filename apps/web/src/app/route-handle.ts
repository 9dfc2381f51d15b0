import type { Screen } from '@/lib/screens';

/** What a route declares about itself through `handle`: its screen's title, roles and card width (lib/screens.ts). */
export type RouteHandle = Partial<Pick<Screen, 'title' | 'roles' | 'anyRoles' | 'wideCard' | 'area'>>;
