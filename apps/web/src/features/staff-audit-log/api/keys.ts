/** The query keys of the audit log screen. */
export const auditLogKeys = {
  all: ['staff-audit-log'] as const,
  actors: ['staff-audit-log', 'actors'] as const,
  list: (filter: object, page: number, count: number) => [...auditLogKeys.all, filter, page, count] as const,
};
