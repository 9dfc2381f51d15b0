// The offers module's front door: the catalogue as partners see it, applications, and who sees which offer.
export { offersRoutes } from './offers.routes.js';
export {
  offerViewerOf,
  registrationPayouts,
  viewerApplication,
  visibleToViewer,
} from './offer-visibility.repository.js';
export { decideApplications, type DecisionContext } from './application-decisions.js';
export { overridesOf, resolvePayout } from './payout-overrides.js';
export { ScheduledChangesJob, applyDueChanges } from './scheduled-changes.js';
