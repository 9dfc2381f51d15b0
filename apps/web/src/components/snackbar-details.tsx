import { Box, Code, Collapse, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

type SnackbarDetailsProps = { details: unknown };

/** The collapsible error payload under a snackbar message (spec section 8). */
export function SnackbarDetails({ details }: SnackbarDetailsProps) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Box mt={4}>
      <UnstyledButton fz="xs" c="dimmed" onClick={toggle} aria-expanded={opened} data-testid="snackbar-details-toggle">
        {opened ? t('snackbar.hideDetails') : t('snackbar.showDetails')}
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Code block mt={4} data-testid="snackbar-details" style={{ maxHeight: 200, overflow: 'auto' }}>
          {JSON.stringify(details, null, 2)}
        </Code>
      </Collapse>
    </Box>
  );
}
