/** The query keys of the staff users and settings screen; every change reloads everything under `all`. */
export const staffUserKeys = {
  all: ['staff-users'] as const,
  users: () => [...staffUserKeys.all, 'users'] as const,
  teams: () => [...staffUserKeys.all, 'teams'] as const,
  security: () => [...staffUserKeys.all, 'security'] as const,
  compliance: () => [...staffUserKeys.all, 'compliance'] as const,
};
