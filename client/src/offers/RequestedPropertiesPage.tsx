import { PlannedPage } from '../ui/PlannedPage';

export default function RequestedPropertiesPage() {
  return <PlannedPage title="Requested Properties" />;
}
