import { PlannedPage } from '../ui/PlannedPage';

export default function PaymentPage() {
  return <PlannedPage title="Payment" />;
}
