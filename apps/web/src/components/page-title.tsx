import { Title, type TitleProps } from '@mantine/core';

/** Every screen's heading, with one stable selector for end-to-end tests. */
export function PageTitle({ children, order = 2, ...props }: TitleProps) {
  return (
    <Title order={order} mb="md" data-testid="page-title" {...props}>
      {children}
    </Title>
  );
}
