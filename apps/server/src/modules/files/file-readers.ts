import { DOCUMENT_TYPES, type Role } from '@portal/contracts';
import { reaches, type StaffScope } from '../access/index.js';

/**
 * How far a staff role reads one kind of a partner's file: `every` partner's, `reach` only those of the partners it
 * handles (decision 036's scope rule), `none`.
 */
type FileReach = 'every' | 'reach' | 'none';
type FileReaders = Record<'ROLE_FINANCE' | 'ROLE_TEAM_MANAGER' | 'ROLE_ACCOUNT_MANAGER', FileReach>;

const MANAGERS_ONLY: FileReaders = { ROLE_FINANCE: 'none', ROLE_TEAM_MANAGER: 'reach', ROLE_ACCOUNT_MANAGER: 'reach' };

/**
 * Who among staff reads which kind of a partner's file: the one table every file route asks (decision 067). Admins read
 * every kind of every partner's file; finance reads what billing needs (the invoices) of every partner and nothing
 * else (not the compliance documents, not the contacts' documents); account and team managers read every kind for the
 * partners they handle. A kind missing here is read by admins only.
 */
export const STAFF_FILE_READERS: Readonly<Record<string, FileReaders>> = {
  invoice: { ROLE_FINANCE: 'every', ROLE_TEAM_MANAGER: 'reach', ROLE_ACCOUNT_MANAGER: 'reach' },
  contact_document: MANAGERS_ONLY,
  ...Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, MANAGERS_ONLY])),
};

/**
 * Whether a staff member reads a partner's file of this kind. `owner` is the file's partner: its account manager, and
 * whether it is a pending registration no one is assigned yet (which team managers reach too).
 */
export function staffReadsFile(
  scope: StaffScope,
  kind: string,
  owner: { accountManagerId: number | null; pendingUnassigned: boolean },
): boolean {
  if (scope.reach === 'all') return true;
  const readers = STAFF_FILE_READERS[kind];
  if (!readers) return false;
  const granted = (Object.keys(readers) as (keyof FileReaders)[])
    .filter((role) => scope.roles.includes(role as Role))
    .map((role) => readers[role]);
  if (granted.includes('every')) return true;
  return (
    granted.includes('reach') && reaches(scope, owner.accountManagerId, { pendingUnassigned: owner.pendingUnassigned })
  );
}
