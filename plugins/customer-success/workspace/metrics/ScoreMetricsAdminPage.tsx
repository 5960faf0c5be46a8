/**
 * /cs/admin/scoreMetricsAdmin, the Health/Effort Admin page (tenant admin): the health and effort metrics with
 * their flyout (add/edit in a drawer, delete after confirmation), and the effort display info.
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { PageHeader, useReadOnly } from '../../../../workspace/sdk';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { EffortDisplayCard } from './EffortDisplayCard';
import { MetricsTable } from './MetricsTable';
import './metrics.css';

export default function ScoreMetricsAdminPage() {
  const readOnly = useReadOnly();
  const [tab, setTab] = useState<ScoreType>('health');
  return (
    <div className="lci-page cs-metrics-page">
      <PageHeader
        title="Health/Effort Admin"
        subtitle="Metrics that score every client company for health and effort"
        readOnly={readOnly}
        link={{ text: 'Customer Success Admin', to: '/cs/admin', icon: 'arrow-left' }}
      />
      <Tabs id="cs-metrics-tabs" selectedTabId={tab} onChange={(t) => setTab(t as ScoreType)} renderActiveTabPanelOnly>
        <Tab id="health" title="Health Metrics" panel={<MetricsTable type="health" readOnly={readOnly} />} />
        <Tab
          id="effort"
          title="Effort Metrics"
          panel={
            <>
              <MetricsTable type="effort" readOnly={readOnly} />
              <EffortDisplayCard readOnly={readOnly} />
            </>
          }
        />
      </Tabs>
    </div>
  );
}
