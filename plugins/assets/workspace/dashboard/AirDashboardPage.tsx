/** PLACEHOLDER: replaced by its author in this session (issue 17). */
import { PageLoading } from '../../../../workspace/sdk';

export default function Placeholder() {
  return <PageLoading what="the page" />;
}
