import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type DashboardBlockProps = {
  title: string;
  /** Filters or other controls on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid': string;
};

/** One dashboard block: a bordered card with its title. */
export function DashboardBlock({ title, actions, children, ...props }: DashboardBlockProps) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={props['data-testid']}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <Title order={3} data-testid="block-title">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

type StatTileProps = { label: string; value: string; hint?: string | undefined; 'data-testid': string };

/** A labelled figure (quick stats, month and year revenue). */
export function StatTile({ label, value, hint, ...props }: StatTileProps) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={props['data-testid']}>
      <Text size="xs" c="dimmed" fw={700} data-testid="label">
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} data-testid="value">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" data-testid="hint">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * A figure's tile while its figure loads: its label, and a placeholder exactly one figure's line high where the figure
 * will be, so that nothing below moves when it arrives (the news below the quick stats is a phone's largest paint).
 */
export function StatTilePending({ label }: { label: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="stat-tile-pending">
      <Text size="xs" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text component="div" size="xl" fw={700} mt={4} pos="relative" aria-hidden="true">
        {'\u00a0'}
        <Skeleton pos="absolute" inset={0} radius="sm" />
      </Text>
    </Paper>
  );
}

/** Shown instead of a block's figures when its call failed (the api-client has shown the snackbar). */
export function BlockError({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" data-testid="block-error">
      {children}
    </Text>
  );
}
