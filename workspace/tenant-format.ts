/**
 * The signed-in tenant's formats in React (common/tenant-format.ts has the rules): currency and date format come with
 * the session (tenants table), time zone, fiscal year start, the bordered-tables choice and the logo with the
 * session data the settings plugin loads (TENANT_SETTINGS_SESSION_KEY). Without that plugin the defaults apply.
 */
import { tenantToday } from '../common/dates';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import {
  DEFAULT_TENANT_FORMAT,
  formatDate,
  formatDateTime,
  formatDateTimeZone,
  formatMoney,
  formatMoneyShort,
  TENANT_SETTINGS_SESSION_KEY,
  type TenantFormat,
  type TenantSettingsSessionData,
} from '../common/tenant-format';
import { sessionAtom, sessionDataAtom, store } from './state/atoms';
import type { Session } from './types';

export interface TenantFormatter extends TenantFormat {
  /** Money without decimals: '$1,235'. */
  money(amount: number | null | undefined): string;
  /** Short money: '$1.2K', '$3.5M'. */
  moneyShort(amount: number | null | undefined): string;
  /** A day (YYYY-MM-DD) or an instant in the tenant's date format (instants on the tenant's time zone's day). */
  date(d: Date | string | null | undefined): string;
  /** An instant as date and time in the tenant's time zone. */
  dateTime(d: Date | string | null | undefined): string;
  /** The same followed by the zone's short name ('2026-11-29 10:42 EST'), where a reader may be in another zone. */
  dateTimeZone(d: Date | string | null | undefined): string;
  /** The tenant's today (YYYY-MM-DD) in its time zone: common/dates.ts tenantToday, as the server's rules use it. */
  today(): string;
}

function formatOf(session: Session | null, data: TenantSettingsSessionData | undefined): TenantFormat {
  return {
    currency: session?.tenant?.currency || DEFAULT_TENANT_FORMAT.currency,
    dateFormat: session?.tenant?.dateFormat || DEFAULT_TENANT_FORMAT.dateFormat,
    timeZone: data?.timeZone || DEFAULT_TENANT_FORMAT.timeZone,
    fiscalYearStartMonth: data?.fiscalYearStartMonth || DEFAULT_TENANT_FORMAT.fiscalYearStartMonth,
  };
}

export function formatterFor(f: TenantFormat): TenantFormatter {
  return {
    ...f,
    money: (n) => formatMoney(n, f.currency),
    moneyShort: (n) => formatMoneyShort(n, f.currency),
    date: (d) => formatDate(d, f.dateFormat, f.timeZone),
    dateTime: (d) => formatDateTime(d, f.dateFormat, f.timeZone),
    dateTimeZone: (d) => formatDateTimeZone(d, f.dateFormat, f.timeZone),
    today: () => tenantToday(f),
  };
}

const settingsData = (all: Record<string, unknown>) =>
  all[TENANT_SETTINGS_SESSION_KEY] as TenantSettingsSessionData | undefined;

/** The signed-in tenant's formats with formatters bound to them; re-renders when they change. */
export function useTenantFormat(): TenantFormatter {
  const session = useAtomValue(sessionAtom);
  const data = settingsData(useAtomValue(sessionDataAtom));
  return useMemo(() => formatterFor(formatOf(session, data)), [session, data]);
}

/** The browser's time zone (IANA name; UTC when it names none): for times shown in the viewer's zone. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The same outside React (e.g. building a chart spec). */
export function currentTenantFormat(): TenantFormatter {
  return formatterFor(formatOf(store.get(sessionAtom), settingsData(store.get(sessionDataAtom))));
}

/** A signed link to the tenant's logo, or null for the default logo. */
export function useTenantLogo(): string | null {
  return settingsData(useAtomValue(sessionDataAtom))?.logoUrl ?? null;
}

/** After the tenant's formats changed: every page shows the new ones at once (the session's tenant is updated). */
export function applyTenantFormat(patch: Partial<TenantFormat>): void {
  store.set(sessionAtom, (s) =>
    s && s.tenant
      ? {
          ...s,
          tenant: {
            ...s.tenant,
            ...(patch.currency ? { currency: patch.currency } : {}),
            ...(patch.dateFormat ? { dateFormat: patch.dateFormat } : {}),
          },
        }
      : s,
  );
}
