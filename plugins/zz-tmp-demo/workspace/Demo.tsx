import { useState } from 'react';
import { PageHeader, useDirtyPage, useReadOnly, useChartsShown } from '../../../workspace/sdk';
export default function Demo() {
  const { dirty, setDirty } = useDirtyPage();
  const ro = useReadOnly();
  const [shown, setShown] = useChartsShown();
  const [v, setV] = useState('');
  return <div><PageHeader title="Contracts" subtitle="demo" readOnly={ro} charts={{ shown, onChange: setShown }} link={{ text: 'Go home', to: '/dashboard' }} actions={{ downloadCsv: () => {}, presentationMode: () => {} }} />
    <label>Name <input aria-label="Name" value={v} onChange={(e) => { setV(e.target.value); setDirty(true); }} /></label>{dirty ? 'dirty' : 'clean'}</div>;
}
