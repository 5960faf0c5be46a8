/** /reportlocker while the locker's page is not part of this build (see index.ts). */
import { NonIdealState } from '@blueprintjs/core';
import { PageHeader } from '../../../workspace/sdk';

export default function LockerPending() {
  return (
    <div className="lci-page">
      <PageHeader title="Report Locker" />
      <NonIdealState
        icon="archive"
        title="The report locker is not available yet"
        description="Exported reports will be kept here."
      />
    </div>
  );
}
