import { NonIdealState } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { currentModuleViewAtom } from '../state/atoms';

/** /noCompanies: guard step 16 target. */
export default function NoCompanies() {
  const view = useAtomValue(currentModuleViewAtom);
  return (
    <NonIdealState
      icon="office"
      title="No companies yet"
      description={`There are no active companies${view ? ` for the ${view.text} view` : ''}. Add or import companies, or switch the module view.`}
    />
  );
}
