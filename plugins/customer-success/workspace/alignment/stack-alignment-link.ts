/**
 * Opening a company's stack alignment: /cs/company/detail#stackAlignment with that company selected
 * (customer-success.md section 2). The workspace navigation commits path and query only, so the tab asked for is
 * handed to the detail page here and the anchor is put back on the URL once the page is shown.
 */
import { navigate } from '../../../../workspace/sdk';

export const STACK_ALIGNMENT_ANCHOR = 'stackAlignment';
export const COMPANY_DETAIL_PATH = '/cs/company/detail';

let pendingAnchor: string | null = null;

/** The tab the detail page opens with: the URL's anchor, or the one handed over by openCompanyStackAlignment. */
export function takeDetailAnchor(): string | null {
  const fromUrl = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  return pendingAnchor ?? (fromUrl || null);
}

/** Replaces the URL's anchor without a navigation (tab switches). */
export function setDetailAnchor(anchor: string | null): void {
  if (typeof window === 'undefined') return;
  const url = window.location.pathname + window.location.search + (anchor ? `#${anchor}` : '');
  if (url !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(window.history.state, '', url);
}

export async function openCompanyStackAlignment(companyId: number, setCompanyId: (id: number) => void): Promise<void> {
  setCompanyId(companyId);
  pendingAnchor = STACK_ALIGNMENT_ANCHOR;
  try {
    if (await navigate(COMPANY_DETAIL_PATH)) setDetailAnchor(STACK_ALIGNMENT_ANCHOR);
  } finally {
    pendingAnchor = null;
  }
}
