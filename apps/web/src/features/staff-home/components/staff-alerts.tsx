import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatHour } from '@portal/contracts';
import { useStaffNotifications } from '../api/get-staff-notifications';

/** The staff member's latest notifications (cap alerts), newest first. */
export function StaffAlerts() {
  const { t } = useTranslation();
  const notifications = useStaffNotifications();
  const list = notifications.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="staff-home-notifications">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('staff.home.notifications')}
        </Title>
        {list.map((n) => (
          <Text key={n.id} size="sm" data-testid="staff-home-notification">
            {n.createdAt ? `${formatDate(n.createdAt)} ${formatHour(n.createdAt)} · ` : ''}
            {n.link ? (
              <Anchor component={Link} to={n.link} className="portal-target">
                {n.title}
              </Anchor>
            ) : (
              n.title
            )}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
