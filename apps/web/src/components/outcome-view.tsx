import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

type OutcomeViewProps = { title: string; text: string; linkTo: string; linkText: string; testId?: string };

/** The centred title, sentence and one link that end a guest flow (a sent link, a dead key, a changed password). */
export function OutcomeView({ title, text, linkTo, linkText, testId }: OutcomeViewProps) {
  return (
    <Stack gap="sm" ta="center" align="center" data-testid={testId}>
      <Title order={4}>{title}</Title>
      <Text>{text}</Text>
      <Anchor component={Link} to={linkTo}>
        {linkText}
      </Anchor>
    </Stack>
  );
}
