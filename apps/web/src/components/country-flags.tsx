import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryFlag } from './country-flag';
import './lean.css';

type CountryFlagsProps = {
  /** ISO 3166-1 alpha-2 codes. */
  codes: readonly string[];
  /** A country's name for the flag's tooltip and accessible label; the code itself by default. */
  nameOf?: (code: string) => string;
  /** Flags shown before the expander (spec section 9: the first 5). */
  limit?: number;
  'data-testid'?: string;
};

/**
 * A country list as flag images named by country: the first `limit`, then a '...(n)' expander that reveals the rest.
 * A plain row styled as Mantine's Group: one a row of the offers list (decision 147).
 */
export function CountryFlags({ codes, nameOf = (code) => code, limit = 5, ...props }: CountryFlagsProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const hidden = Math.max(0, codes.length - limit);
  const shown = expanded ? codes : codes.slice(0, limit);
  return (
    <div className="lean-flags" data-testid={props['data-testid'] ?? 'country-flags'} data-count={codes.length}>
      {shown.map((code) => (
        <CountryFlag key={code} code={code} name={nameOf(code)} />
      ))}
      {hidden > 0 && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-label={expanded ? t('geos.less') : t('geos.moreLabel', { n: hidden })}
          data-testid="country-flags-toggle"
        >
          {expanded ? t('geos.less') : t('geos.more', { n: hidden })}
        </Anchor>
      )}
    </div>
  );
}
