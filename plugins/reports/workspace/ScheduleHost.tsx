/** Shows the schedules' dialog (workspace/schedule/ScheduleDialog.tsx, loaded when first opened; actions.ts). */
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import { scheduleDialogLoader, type ScheduleDialogProps } from './actions';

export function ScheduleHost(props: ScheduleDialogProps) {
  const Dialog = useMemo(() => {
    const load = scheduleDialogLoader();
    return load ? lazy(load) : null;
  }, []);
  if (!Dialog || !props.isOpen) return null;
  return (
    <Suspense fallback={<Spinner size={20} aria-label="Loading the schedule" />}>
      <Dialog {...props} />
    </Suspense>
  );
}
