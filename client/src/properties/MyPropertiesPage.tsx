import { PlannedPage } from '../ui/PlannedPage';

export default function MyPropertiesPage() {
  return <PlannedPage title="My Added Properties" />;
}
