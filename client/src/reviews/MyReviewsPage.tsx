import { PlannedPage } from '../ui/PlannedPage';

export default function MyReviewsPage() {
  return <PlannedPage title="My Reviews" />;
}
