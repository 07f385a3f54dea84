import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';
import { PageMessages } from '@/components/providers/page-messages';

export const generateMetadata = () => workbenchMetadata('RS_SECOND');

export default function Page() {
  return <PageMessages of="workbench"><WorkbenchPage stage="RS_SECOND" /></PageMessages>;
}
