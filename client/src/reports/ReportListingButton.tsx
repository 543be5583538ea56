// "Report this listing" for signed-in people other than its agent; the dialog's code loads on first press.
import { Button } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuFlag } from 'react-icons/lu';
import { useAuth } from '../auth/AuthProvider';
import { useLoadedOnFirstUse } from '../ui/deferred';

const loadReportListingDialog = () => import('./ReportListingDialog');
const ReportListingDialog = lazy(loadReportListingDialog);

export function ReportListingButton({ property }: { property: { id: string; title: string; agent: { id: string } } }) {
  const { viewer } = useAuth();
  const dialog = useLoadedOnFirstUse(loadReportListingDialog);
  if (!viewer || viewer.role === 'fraud' || viewer.id === property.agent.id) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        colorPalette="red"
        alignSelf="start"
        // The flag lines up with the icons of the lines above (the button's own padding would indent it).
        ms="-3.5"
        loading={dialog.busy}
        onClick={dialog.show}
        data-testid="report-listing"
      >
        <LuFlag aria-hidden /> Report this listing
      </Button>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <ReportListingDialog propertyId={property.id} title={property.title} open={dialog.open} onClose={() => dialog.setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
