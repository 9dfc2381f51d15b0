import { Typography, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type SafeHtmlProps = BoxProps & { html: string; 'data-testid'?: string };

/**
 * Renders HTML the server has already sanitised, cleaned once more in the browser: a second line
 * of defence, so that no screen ever puts raw server HTML into the page.
 */
export function SafeHtml({ html, ...props }: SafeHtmlProps) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
      }),
    [html],
  );
  return <Typography {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
