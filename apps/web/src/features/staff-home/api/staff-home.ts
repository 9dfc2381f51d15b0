export * from './decide-override-request';
export * from './get-cap-alerts';
export * from './get-home-numbers';
export * from './get-pending-override-requests';
export * from './get-staff-home';
export * from './get-staff-notifications';
