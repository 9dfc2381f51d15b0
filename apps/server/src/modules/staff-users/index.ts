// The staff users module's front door (decision 037): staff members, teams, the network's security settings.
export { staffUsersRoutes } from './staff-users.routes.js';
export { securitySettings } from './staff-users.repository.js';
