import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A queue row's partner, linked to its page. */
export function PartnerLink({ partner }: { partner: { id: number; displayName: string } }) {
  return (
    <Anchor component={Link} to={paths.staffPartner.href(partner.id)} size="sm">
      {partner.displayName}
    </Anchor>
  );
}
