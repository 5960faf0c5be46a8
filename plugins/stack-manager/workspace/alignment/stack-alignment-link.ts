/**
 * Opening a company's stack alignment: /cs/company/detail#stackAlignment with that company selected
 * (customer-success.md section 2). The workspace navigation commits path and query only, so the anchor is put on the
 * URL once navigated and announced with a hashchange: the detail page opens the tab from the URL when it mounts
 * after this, and on the event when it is already shown.
 */
import { navigate } from '../../../../workspace/sdk';

export const STACK_ALIGNMENT_ANCHOR = 'stackAlignment';
export const COMPANY_DETAIL_PATH = '/cs/company/detail';

export async function openCompanyStackAlignment(companyId: number, setCompanyId: (id: number) => void): Promise<void> {
  setCompanyId(companyId);
  if (!(await navigate(COMPANY_DETAIL_PATH))) return;
  const url = `${window.location.pathname}${window.location.search}#${STACK_ALIGNMENT_ANCHOR}`;
  window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
