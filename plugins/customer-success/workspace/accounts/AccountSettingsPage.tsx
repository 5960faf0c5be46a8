/**
 * /cs/admin/csAccountSettings (Account Settings): the tenant's health and effort cut scores (colours of every score)
 * and its account groups.
 */
import { PageHeader, useReadOnly } from '../../../../workspace/sdk';
import { CutScoresEditor } from '../cuts/CutScoresEditor';
import { AccountGroupsSection } from './AccountGroupsSection';
import '../admin/admin.css';

export default function AccountSettingsPage() {
  const readOnly = useReadOnly();
  return (
    <div className="lci-page">
      <PageHeader
        title="Account Settings"
        subtitle="Cut scores and account groups of Customer Success"
        readOnly={readOnly}
      />
      <div className="cs-cuts-pair">
        <CutScoresEditor cutsType="health" readOnly={readOnly} />
        <CutScoresEditor cutsType="effort" readOnly={readOnly} />
      </div>
      <AccountGroupsSection readOnly={readOnly} />
    </div>
  );
}
