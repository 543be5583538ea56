import { PlannedPage } from '../ui/PlannedPage';

export default function AddPropertyPage() {
  return <PlannedPage title="Add Property" />;
}
