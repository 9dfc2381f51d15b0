import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ACCOUNT_TYPE_LABELS,
  CONTACT_ROLES,
  DOCUMENT_TYPE_LABELS,
  PARTNER_STATUS_TRANSITIONS,
  formatDate,
  formatHour,
} from '@portal/contracts';
import { AuditLines, auditWords } from '@/components/audit-lines';
import { DecisionDialog } from '@/components/decision-dialog';
import { PageTitle } from '@/components/page-title';
import { useConfig } from '@/lib/config';
import { WindowPagination } from '@/components/window-pagination';
import { formatParisMoment } from '@/lib/dates';
import { downloadFile } from '@/lib/files';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useDecidePartnerApplication } from '../api/decide-partner-application';
import { usePartnerAuditLog } from '../api/get-partner-audit-log';
import { useStaffPartner, type StaffPartnerProfileData } from '../api/get-staff-partner';
import { useViewAsPartner } from '../api/view-as-partner';
import { PartnerPerformance } from './partner-performance';
import { PartnerQuality } from './partner-quality';
import { PartnerDocuments } from './partner-documents';
import { PartnerPaymentForm, PartnerProfileForm } from './partner-forms';
import { StatusDialog, actionOf, type Target } from './partner-status-dialogs';
import { MissingDocumentsBadge, PartnerStatusBadge } from './partner-badges';

const TABS = ['profile', 'contacts', 'payment', 'documents', 'applications', 'history'] as const;
type Tab = (typeof TABS)[number];

const when = (date: Date | null | undefined) => (date ? `${formatDate(date)} ${formatHour(date)}` : '—');

/**
 * One partner in the console (decision 040): its status and the moves it allows, and tabs for the profile, contacts,
 * payment, documents, applications and its history from the audit log. Every edit and decision happens here.
 */
export function StaffPartnerPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'profile';
  const partner = useStaffPartner(id);
  const viewAs = useViewAsPartner();
  const [move, setMove] = useState<Target | null>(null);

  if (partner.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (partner.isError || !partner.data) {
    return (
      <Stack>
        <PageTitle>{t('screen.staffPartner')}</PageTitle>
        <Text data-testid="staff-partner-missing">{t('staff.partner.notFound')}</Text>
        <Anchor component={Link} to={paths.staffPartners.href()}>
          {t('staff.partner.back')}
        </Anchor>
      </Stack>
    );
  }
  const p = partner.data;
  return (
    <Stack gap="md">
      <PageTitle>{p.displayName}</PageTitle>
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="xs">
              <PartnerStatusBadge status={p.status} />
              {p.prospect ? <Badge variant="outline">{t('staff.partner.prospect')}</Badge> : null}
              <Badge variant="default">{ACCOUNT_TYPE_LABELS[p.accountType]}</Badge>
              <MissingDocumentsBadge missing={p.missingDocuments} />
            </Group>
            <Text size="sm">
              {t('staff.partner.manager')}: <b data-testid="staff-partner-manager">{p.accountManager?.name ?? '—'}</b>
            </Text>
            <Text size="sm" c="dimmed">
              {t('staff.partner.since', { date: p.createdAt ? formatDate(p.createdAt) : '—' })} ·{' '}
              {t('staff.partner.lastActivity', { date: when(p.lastActivityAt) })}
            </Text>
          </Stack>
          <Group gap="xs">
            {PARTNER_STATUS_TRANSITIONS[p.status].map((to) => (
              <Button
                key={to}
                size="xs"
                variant={to === 'active' ? 'filled' : 'light'}
                color={to === 'active' ? 'green' : to === 'rejected' ? 'red' : 'gray'}
                onClick={() => setMove(to as Target)}
                data-testid={`staff-partner-move-${to}`}
              >
                {t(`staff.partners.actions.${actionOf(p.status, to as Target)}`)}
              </Button>
            ))}
            {p.status === 'active' ? (
              <Button size="xs" variant="subtle" loading={viewAs.isPending} onClick={() => viewAs.mutate(p.id)}>
                {t('staff.partners.actions.viewAs')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {p.missingDocuments.length > 0 ? (
          <Alert color="orange" mt="sm" data-testid="staff-partner-missing-alert">
            {t('staff.partner.missingAlert', {
              types: p.missingDocuments.map((type) => DOCUMENT_TYPE_LABELS[type]).join(', '),
            })}
          </Alert>
        ) : null}
        {p.payoutHold ? (
          <Alert color="orange" mt="sm" data-testid="staff-partner-hold-alert">
            {t('staff.partner.holdAlert', {
              until: formatParisMoment(p.payoutHold.heldUntil),
              changed: formatParisMoment(p.payoutHold.heldFrom),
            })}
          </Alert>
        ) : null}
      </Card>
      <PartnerPerformance partnerId={p.id} />
      <PartnerQuality partnerId={p.id} />
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'profile' ? { tab: value } : {})} keepMounted={false}>
        <Tabs.List>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`staff-partner-tab-${name}`}>
              {t(`staff.partner.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <RegistrationAnswers partner={p} />
          <PartnerProfileForm partner={p} />
        </Tabs.Panel>
        <Tabs.Panel value="contacts" pt="md">
          <Contacts partner={p} />
        </Tabs.Panel>
        <Tabs.Panel value="payment" pt="md">
          <PartnerPaymentForm partner={p} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <PartnerDocuments partner={p} />
        </Tabs.Panel>
        <Tabs.Panel value="applications" pt="md">
          <Applications partner={p} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <History partnerId={p.id} />
        </Tabs.Panel>
      </Tabs>
      {move ? <StatusDialog partner={p} to={move} onClose={() => setMove(null)} /> : null}
    </Stack>
  );
} // prettier-ignore

function Contacts({ partner }: { partner: StaffPartnerProfileData }) {
  const { t } = useTranslation();
  const roles = CONTACT_ROLES.filter((role) => partner.contacts[role]);
  return (
    <Stack gap="md">
      {roles.length === 0 ? <Text c="dimmed">{t('staff.partner.noContact')}</Text> : null}
      {roles.length > 0 ? (
        <Table.ScrollContainer minWidth={800}>
          <Table striped data-testid="staff-partner-contacts">
            <Table.Thead>
              <Table.Tr>
                {['role', 'name', 'email', 'phone', 'telegram', 'teams', 'document'].map((column) => (
                  <Table.Th key={column}>{t(`staff.partner.contact.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.map((role) => {
                const c = partner.contacts[role]!;
                return (
                  <Table.Tr key={role} data-testid={`staff-partner-contact-${role}`}>
                    <Table.Td>{t(`staff.partner.roles.${role}`)}</Table.Td>
                    <Table.Td>{[c.civility, c.firstname, c.lastname].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{c.email ?? '—'}</Table.Td>
                    <Table.Td>{c.phoneNumber ?? '—'}</Table.Td>
                    <Table.Td>{c.telegram ?? '—'}</Table.Td>
                    <Table.Td>{c.teams ?? '—'}</Table.Td>
                    <Table.Td>
                      {c.document ? (
                        <Anchor component="button" type="button" size="sm" onClick={() => void downloadFile(c.document!.id)}>
                          {c.document.filename}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Text fw={600}>{t('staff.partner.users')}</Text>
      {partner.users.length === 0 ? (
        <Text c="dimmed">{t('staff.partner.noUser')}</Text>
      ) : (
        <Table data-testid="staff-partner-users">
          <Table.Tbody>
            {partner.users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.enabled ? t('staff.partner.enabled') : t('staff.partner.disabled')}</Table.Td>
                <Table.Td>{t('staff.partner.lastSignIn', { date: when(user.loggedAt) })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
} // prettier-ignore

/**
 * What the partner answered when it registered (decision 082), in the words of the configuration's lists: what the
 * manager's e-mail said, kept on its page. A code no longer in its list shows as it is.
 */
function RegistrationAnswers({ partner }: { partner: StaffPartnerProfileData }) {
  const { t } = useTranslation();
  const { data } = useConfig();
  const words = (list: keyof typeof data, codes: readonly (string | null)[]) => {
    const named = codes.filter((code): code is string => Boolean(code)).map((code) => data[list].find((item) => item.value === code)?.label ?? code); // prettier-ignore
    return named.length > 0 ? named.join(', ') : '—';
  };
  const answers = [
    ['trafficSources', words('trafficSourceList', partner.trafficSources)],
    ['volume', words('estimatedMonthlyRevenueList', [partner.monthlyEstimateRevenue])],
    ['areas', words('geographicAreaList', partner.geographicAreas)],
    ['verticals', words('verticalList', partner.verticals)],
    ['experience', words('experienceList', [partner.experience])],
    ['typology', words('typologyList', [partner.typology])],
    ['advertisingPlatform', partner.advertisingPlatform ?? '—'],
  ] as const;
  return (
    <Card withBorder padding="md" mb="md" data-testid="staff-partner-answers">
      <Title order={2} size="h5" mb="xs">
        {t('staff.partner.answers.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {answers.map(([key, value]) => (
          <Text key={key} size="sm" data-testid={`staff-partner-answer-${key}`}>
            <Text span c="dimmed" size="sm">{`${t(`staff.partner.answers.${key}`)}: `}</Text>
            {value}
          </Text>
        ))}
      </SimpleGrid>
    </Card>
  );
} // prettier-ignore

const APPLICATION_COLORS = { pending: 'yellow', active: 'green', refused: 'red' } as const;

function Applications({ partner }: { partner: StaffPartnerProfileData }) {
  const { t } = useTranslation();
  const decide = useDecidePartnerApplication();
  const [pending, setPending] = useState<{ id: number; offer: string; status: 'active' | 'refused' } | null>(null);
  if (partner.applications.length === 0) return <Text c="dimmed">{t('staff.partner.noApplication')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="staff-partner-applications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.queues.columns.offer')}</Table.Th>
              <Table.Th>{t('staff.partners.columns.status')}</Table.Th>
              <Table.Th>{t('staff.partner.applied')}</Table.Th>
              <Table.Th>{t('staff.queues.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {partner.applications.map((application) => (
              <Table.Tr key={application.id} data-testid="staff-partner-application">
                <Table.Td>{`${application.offer.name} #${application.offer.id}`}</Table.Td>
                <Table.Td>
                  <Badge color={APPLICATION_COLORS[application.status]} variant="light">
                    {t(`staff.partner.applicationStatus.${application.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{application.createdAt ? formatDate(application.createdAt) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {application.status !== 'active' ? (
                      <Button size="compact-sm" color="green" onClick={() => setPending({ id: application.id, offer: application.offer.name, status: 'active' })}>
                        {t('staff.queues.approve')}
                      </Button>
                    ) : null}
                    {application.status !== 'refused' ? (
                      <Button size="compact-sm" variant="light" color="red" onClick={() => setPending({ id: application.id, offer: application.offer.name, status: 'refused' })}>
                        {t('staff.queues.refuse')}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pending ? (
        <DecisionDialog
          title={t('staff.partner.applicationDecision', {
            action: t(pending.status === 'active' ? 'staff.queues.approve' : 'staff.queues.refuse'),
            partner: partner.displayName,
            offer: pending.offer,
          })}
          confirmLabel={t(pending.status === 'active' ? 'staff.queues.approve' : 'staff.queues.refuse')}
          confirmColor={pending.status === 'active' ? 'green' : 'red'}
          testId="staff-application-decision"
          onClose={() => setPending(null)}
          onConfirm={async ({ reason }) => {
            await decide.mutateAsync({ id: pending.id, body: { status: pending.status, ...(reason ? { reason } : {}) } });
            showSnackbar({
              kind: 'success',
              message: t(pending.status === 'active' ? 'staff.queues.approved' : 'staff.queues.refused', {
                partner: partner.displayName,
              }),
            });
          }}
        />
      ) : null}
    </>
  );
} // prettier-ignore

const HISTORY_PAGE = 50;

/** Who changed what on this partner, when and why: its entries of the audit log. */
function History({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = usePartnerAuditLog(partnerId, page, HISTORY_PAGE);
  if (log.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (log.isError || !log.data) return <Text c="red">{t('errors.generic')}</Text>;
  if (log.data.list.length === 0) return <Text c="dimmed">{t('staff.partners.noHistory')}</Text>;
  const words = auditWords(t, 'staff.audit');
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={800}>
        <Table striped data-testid="staff-partner-history-table">
          <Table.Thead>
            <Table.Tr>
              {['date', 'by', 'what', 'changes', 'reason'].map((column) => (
                <Table.Th key={column}>{t(`staff.partner.history.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.list.map((entry) => (
              <Table.Tr key={entry.id} data-testid="staff-partner-history-entry">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(entry.createdAt)}</Table.Td>
                <Table.Td>{entry.actor?.name ?? t('staff.audit.system')}</Table.Td>
                <Table.Td>{`${t(`staff.audit.actions.${entry.action}`, { defaultValue: entry.action })} · ${t(`staff.audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })} ${entry.parentName ?? entry.entityName ?? `#${entry.entityId}`}`}</Table.Td>
                <Table.Td>
                  <AuditLines lines={entry.changes} currency={entry.currency} words={words} />
                </Table.Td>
                <Table.Td>{entry.reason ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <WindowPagination
        page={page}
        totalPages={Math.ceil(log.data.total / HISTORY_PAGE)}
        onChange={setPage}
        label={t('staff.partner.historyPages')}
        testId="staff-partner-history-pages"
      />
    </Stack>
  );
}
