import { PlannedPage } from '../ui/PlannedPage';

export default function ManageUsersPage() {
  return <PlannedPage title="Manage Users" />;
}
