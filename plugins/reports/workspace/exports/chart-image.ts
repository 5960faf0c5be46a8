/**
 * The reports plugin's 'chart' file export (slots.fileExports `chartImage`): the shell's "Download chart" posts the
 * chart to fusionexport with `respond: 'link'` (the API client takes JSON only), which draws it on the server, keeps
 * it in the report locker (Chart image) and answers a signed link that downloads under the file's name.
 */
import { api, type ChartExportHandler } from '../../../../workspace/sdk';
import { exportPaths, type ChartExportLink } from '../../shared/exports';
import { startDownload } from '../locker/locker-client';

const chartImage: ChartExportHandler = async (tenantId, chart) => {
  const answer = await api.post<ChartExportLink>(
    exportPaths.chart(tenantId),
    { ...chart, respond: 'link' },
    { expect: 'download_url' },
  );
  startDownload(answer.download_url, answer.file_name);
};
export default chartImage;
