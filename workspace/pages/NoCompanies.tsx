/**
 * /noCompanies: guard step 16 target. Offers what the user may do about it: the actions plugins contribute to the
 * pageHeaderActions slot `on: '/noCompanies'` (companies: Add company, Import companies), each shown only to a user
 * whose access to its `page` allows it (Read/Write when `needsWrite`); otherwise says whom to ask.
 */
import { Button, NonIdealState, type IconName } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { accessLevelFor } from '../access';
import { navigate } from '../nav';
import { useSlot } from '../slot-view';
import { actionsFor } from '../slots';
import { currentModuleViewAtom, sessionAtom } from '../state/atoms';

export const NO_COMPANIES_PATH = '/noCompanies';

export default function NoCompanies() {
  const view = useAtomValue(currentModuleViewAtom);
  const session = useAtomValue(sessionAtom);
  const actions = actionsFor(useSlot('pageHeaderActions'), NO_COMPANIES_PATH).filter(
    (a) =>
      !a.needsWrite ||
      (!!session &&
        accessLevelFor(session.userAccessPages, a.page ?? NO_COMPANIES_PATH, session.user) === 'Read/Write'),
  );
  const where = view ? ` for the ${view.text} view` : '';
  return (
    <NonIdealState
      icon="office"
      title="No companies yet"
      description={
        actions.length
          ? `There are no active companies${where}. Add or import companies, or switch the module view.`
          : `There are no active companies${where}. Ask your administrator to add companies, or switch the module view.`
      }
      action={
        actions.length ? (
          <div className="lci-row" role="group" aria-label="Add companies">
            {actions.map((a, i) => (
              <Button
                key={`${a.plugin}-${a.id}`}
                intent={i === 0 ? 'primary' : 'none'}
                icon={a.icon as IconName | undefined}
                text={a.title}
                onClick={() => {
                  if (a.to) void navigate(a.to);
                  else if (a.href) window.open(a.href, '_blank', 'noopener');
                  else void a.run?.();
                }}
              />
            ))}
          </div>
        ) : undefined
      }
    />
  );
}
