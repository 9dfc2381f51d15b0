import type { Role } from '@portal/contracts';

/** What a route declares about itself through `handle`. */
export type RouteHandle = {
  /** i18n key of the screen title, used for document.title. */
  title?: string;
  /** Roles the user must all hold (checked against config.roles). */
  roles?: readonly Role[];
  /** Roles of which the user must hold one at least (the back-office screens: any staff role). */
  anyRoles?: readonly Role[];
  /** The guest card grows for long forms (registration). */
  wideCard?: boolean;
};
