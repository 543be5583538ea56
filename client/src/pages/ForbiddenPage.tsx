import { StatusPage } from './StatusPage';

export default function ForbiddenPage() {
  return <StatusPage code="403" title="Forbidden" text="You do not have permission to view this page." linkLabel="Go to Home" />;
}
