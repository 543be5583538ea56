import { PlannedPage } from '../ui/PlannedPage';

export default function SoldPropertiesPage() {
  return <PlannedPage title="My Sold Properties" />;
}
