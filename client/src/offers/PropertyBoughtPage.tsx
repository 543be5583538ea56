import { PlannedPage } from '../ui/PlannedPage';

export default function PropertyBoughtPage() {
  return <PlannedPage title="Property Bought" />;
}
