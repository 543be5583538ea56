import { PlannedPage } from '../ui/PlannedPage';

export default function MakeOfferPage() {
  return <PlannedPage title="Make an Offer" />;
}
