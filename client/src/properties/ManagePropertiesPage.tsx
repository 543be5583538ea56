import { PlannedPage } from '../ui/PlannedPage';

export default function ManagePropertiesPage() {
  return <PlannedPage title="Manage Properties" />;
}
