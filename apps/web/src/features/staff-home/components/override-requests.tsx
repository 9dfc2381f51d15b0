import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatPayout } from '@portal/contracts';
import { DecisionDialog, preloadDecisionDialog } from '@/components/decision-dialog';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useDecideOverrideRequest } from '../api/decide-override-request';
import {
  usePendingOverrideRequests,
  type OverrideRequestRow as PayoutOverrideRequest,
} from '../api/get-pending-override-requests';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

/**
 * The payouts account and team managers asked for above the approval step (decision 063), for admins: each with what
 * the partner earns now, what was asked, the goal's revenue and the margin left; approved it applies, refused (with a
 * reason) it does not. The server refuses an admin its own request.
 */
export function OverrideRequests() {
  const { t } = useTranslation();
  const requests = usePendingOverrideRequests(true);
  const decide = useDecideOverrideRequest();
  const [refusing, setRefusing] = useState<PayoutOverrideRequest | null>(null);
  const list = requests.data ?? [];
  const partnerOf = (r: PayoutOverrideRequest) => `${r.partner.name} #${r.partner.id}`;
  const payout = (r: PayoutOverrideRequest, sides: { amount: number | null; percent: number | null }) =>
    formatPayout({ ...sides, currency: r.offer.currency }) || '—';
  const approve = (r: PayoutOverrideRequest) =>
    decide.mutate({ id: r.id, body: { status: 'approved' } }, { onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.home.overrideRequests.approved', { partner: partnerOf(r) }) }) }); // prettier-ignore
  const columns: StaffColumn<PayoutOverrideRequest>[] = [
    { key: 'offer', label: t('staff.home.overrideRequests.offer'), cell: (r) => <Anchor component={Link} to={paths.staffOffer.href(r.offer.id)}>{`${r.offer.name} #${r.offer.id}`}</Anchor> },
    { key: 'partner', label: t('staff.home.overrideRequests.partner'), cell: (r) => <Anchor component={Link} to={paths.staffPartner.href(r.partner.id)}>{partnerOf(r)}</Anchor> },
    { key: 'goal', label: t('staff.home.overrideRequests.goal'), cell: (r) => r.goal },
    { key: 'current', label: t('staff.home.overrideRequests.current'), cellTestId: 'override-request-current', cell: (r) => payout(r, r.currentPayout) },
    { key: 'requested', label: t('staff.home.overrideRequests.requested'), cellTestId: 'override-request-requested', cell: (r) => payout(r, { amount: r.payoutAmount, percent: r.payoutPercent }) },
    { key: 'revenue', label: t('staff.home.overrideRequests.revenue'), cell: (r) => payout(r, r.revenue) },
    { key: 'margin', label: t('staff.home.overrideRequests.margin'), cellTestId: 'override-request-margin', cell: (r) => payout(r, r.margin) },
    { key: 'requester', label: t('staff.home.overrideRequests.requester'), cell: (r) => r.requestedBy.name },
    { key: 'date', label: t('staff.home.overrideRequests.date'), cell: (r) => (r.requestedAt ? formatDate(r.requestedAt) : '') },
  ];
  return (
    <Card withBorder padding="lg" data-testid="staff-home-override-requests">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('staff.home.overrideRequests.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.home.overrideRequests.hint')}
        </Text>
        <StaffTable
          columns={columns}
          rows={list}
          rowKey={(r) => r.id}
          rowTestId="staff-home-override-request"
          rowAttributes={(r) => ({ 'data-id': r.id })}
          loading={requests.isPending}
          loadingView={null}
          error={requests.isError && t('staff.home.loadError')}
          empty={<Text size="sm">{t('staff.home.overrideRequests.none')}</Text>}
          minWidth={900}
          testId="staff-home-override-requests-table"
          tableProps={{}}
          actionsLabel={t('staff.home.overrideRequests.actions')}
          rowActions={(r) => (
            <Group gap="xs" wrap="nowrap">
              <Button size="compact-sm" color="green" onClick={() => approve(r)} loading={decide.isPending && decide.variables?.id === r.id} data-testid="override-request-approve">
                {t('staff.home.overrideRequests.approve')}
              </Button>
              <Button size="compact-sm" variant="light" color="red" onClick={() => setRefusing(r)} onPointerEnter={preloadDecisionDialog} onFocus={preloadDecisionDialog} data-testid="override-request-refuse">
                {t('staff.home.overrideRequests.refuse')}
              </Button>
            </Group>
          )}
        />
      </Stack>
      {refusing ? (
        <DecisionDialog
          title={t('staff.home.overrideRequests.refuseTitle', { partner: partnerOf(refusing) })}
          explain={t('staff.home.overrideRequests.refuseHint')}
          confirmLabel={t('staff.home.overrideRequests.refuse')}
          confirmColor="red"
          reasonRequired
          testId="override-request-refusal"
          onClose={() => setRefusing(null)}
          onConfirm={async ({ reason }) => {
            await decide.mutateAsync({ id: refusing.id, body: { status: 'refused', reason: reason ?? '' } });
            showSnackbar({ kind: 'success', message: t('staff.home.overrideRequests.refused', { partner: partnerOf(refusing) }) }); // prettier-ignore
          }}
        />
      ) : null}
    </Card>
  );
} // prettier-ignore
