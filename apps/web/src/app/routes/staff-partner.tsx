import { useParams } from 'react-router';
import { StaffPartnerPage } from '@/features/staff-partners/components/staff-partner-page';

/** The console's page of one partner (decision 040): see features/staff-partners. */
export function StaffPartnerRoute() {
  const { id } = useParams();
  // Keyed by the id, so that moving from one partner to another starts a fresh page (forms included).
  return <StaffPartnerPage key={id} id={Number(id)} />;
}
