/**
 * /maintenance: 'Under Maintenance', a spinner while in maintenance, Logout to /signOut. When maintenance ends a
 * signed-in user goes back, still signed in, to the page maintenance took them from (maintenance-return.ts; the
 * spec's "leaves to /signOut" signed everyone out, issue 28 part 1). The page is public (no session initialisation), so after a reload it loads the public config
 * (the API key) before its first session check, and checks at once: the custom message comes back from the live
 * session, and the check keeps working until maintenance ends.
 */
import { Button, H2, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { navigate } from '../nav';
import { takeMaintenanceReturn } from '../maintenance-return';
import { isSignedIn, loadConfig, reinitialize, reloadSession } from '../runtime';
import { maintenanceHintAtom, sessionAtom } from '../state/atoms';
import { AuthFrame } from './AuthFrame';
import { MSG_UNDER_MAINTENANCE } from '../../common/texts';

/**
 * Maintenance ended: back to the remembered page through the initializer, which loads the session, menu, modules
 * and companies again (an upgrade may have changed them, and a reload of /maintenance never loaded them).
 */
let leaving = false;
function leave(): void {
  if (leaving) return;
  leaving = true;
  void reinitialize(takeMaintenanceReturn()).finally(() => {
    leaving = false;
  });
}

/** How often the live state is asked (GET /v3/manager/session); the token's lci_maintenance is only a snapshot. */
const POLL_MS = 10_000;

export default function Maintenance() {
  const session = useAtomValue(sessionAtom);
  const hint = useAtomValue(maintenanceHintAtom);
  const inMaintenance = (session?.inMaintenance ?? false) || hint !== null || !session;
  const message = session?.maintenanceMessage || hint;

  useEffect(() => {
    if (!isSignedIn()) return;
    let stop = false;
    const check = () =>
      void loadConfig()
        .then(() => reloadSession())
        .then((s) => {
          if (!stop && !s.inMaintenance) leave();
        })
        .catch(() => undefined);
    check();
    const t = setInterval(check, POLL_MS);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, []);

  // Maintenance ended while this screen was open (the live session says so, e.g. after the 'maintenance' server message).
  const wasOn = useRef(inMaintenance);
  useEffect(() => {
    if (wasOn.current && !inMaintenance && session) leave();
    wasOn.current = inMaintenance;
  }, [inMaintenance, session]);

  return (
    <AuthFrame>
      <div className="lci-center">
        <H2>{MSG_UNDER_MAINTENANCE}</H2>
        {message && message !== MSG_UNDER_MAINTENANCE && <p>{message}</p>}
        <p className="bp6-text-muted">Lifecycle is being updated. This page checks again every 10 seconds.</p>
        {inMaintenance && <Spinner size={40} aria-label="Waiting for maintenance to end" />}
        <Button className="lci-space-top" text="Logout" icon="log-out" onClick={() => void navigate('/signOut')} />
        {session?.user.isLciAdmin && (
          <Button
            className="lci-space-top"
            variant="minimal"
            text="Maintenance mode settings"
            icon="build"
            onClick={() => void navigate('/lcisupport/maintenancemode')}
          />
        )}
      </div>
    </AuthFrame>
  );
}
