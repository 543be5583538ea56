import { PlannedPage } from '../ui/PlannedPage';

export default function ManageReviewsPage() {
  return <PlannedPage title="Manage Reviews" />;
}
