import { PlannedPage } from '../ui/PlannedPage';

export default function UpdatePropertyPage() {
  return <PlannedPage title="Update Property" />;
}
