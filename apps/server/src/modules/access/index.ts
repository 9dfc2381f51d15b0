// The access module's front door (decision 065): the one staff-scope rule (decision 036): who reaches which partner
// and its billing, as a check and as a query condition, and the `requireStaff` decorator that loads it. Sessions and
// `requireAuth` stay in plugins/auth.ts, below every module.
export { accessPlugin } from './access.plugin.js';
export { billingReachSql, partnerReachSql } from './access.repository.js';
export {
  handsPartnersTo,
  isStaff,
  loadStaffScope,
  reaches,
  reachesBilling,
  scopeOfRoles,
  staffScopeOf,
  type StaffScope,
} from './staff-scope.js';
