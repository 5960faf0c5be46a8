/**
 * The figure of the Support Requests card on the /lcisupport hub (the supportHubCards slot): how many requests of
 * every tenant wait for support (open and in progress), reloaded when a request changes.
 */
import { Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../workspace/sdk';
import { INTERNAL_COUNTS_PATH, type InternalCounts } from '../shared/api';
import { INBOX_TARGET } from '../shared/live';
import { useReloadOn } from './live';

export default function OpenRequestsFigure() {
  const [counts, setCounts] = useState<InternalCounts | null>(null);
  const load = useCallback(() => {
    api.get<InternalCounts>(INTERNAL_COUNTS_PATH).then(setCounts, () => setCounts(null));
  }, []);
  useEffect(load, [load]);
  useReloadOn(INBOX_TARGET, load);
  if (!counts) return null;
  const waiting = counts.open + counts.in_progress;
  return (
    <Tag
      round
      intent={waiting ? 'primary' : 'none'}
      aria-label={`${waiting} open support requests`}
      title={`${counts.open} open, ${counts.in_progress} in progress`}
    >
      {waiting} open
    </Tag>
  );
}
