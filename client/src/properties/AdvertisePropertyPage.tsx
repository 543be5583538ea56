import { PlannedPage } from '../ui/PlannedPage';

export default function AdvertisePropertyPage() {
  return <PlannedPage title="Advertise Property" />;
}
