/**
 * 'Download MS Word (.docx)' of the builder: starts the asynchronous Word export of the template version for the
 * chosen company (POST asyncDocmosisExport, built by the Word export; server/exports/). The server then sends
 * download_pending (banner) and download (the file starts from a signed link) over the realtime channel; the shell
 * shows both. The Word export's owner may replace this file's body; the builder only calls `startWordExport`.
 */
import { api, pushMessage } from '../../../workspace/sdk';
import type { ReportActionContext } from './actions';

export async function startWordExport(ctx: ReportActionContext): Promise<void> {
  try {
    await api.post(`/v3/tenant/${ctx.tenantId}/asyncDocmosisExport`, {
      templateId: ctx.templateId,
      vers: ctx.vers,
      companyId: ctx.companyId ?? undefined,
    });
  } catch (e) {
    pushMessage({ msg_type: 'error', msg: `The Word export could not be started: ${(e as Error).message}` });
  }
}
