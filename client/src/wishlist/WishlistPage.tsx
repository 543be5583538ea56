import { PlannedPage } from '../ui/PlannedPage';

export default function WishlistPage() {
  return <PlannedPage title="Wishlist" />;
}
