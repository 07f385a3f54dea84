import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';
import { PageMessages } from '@/components/providers/page-messages';

export const generateMetadata = () => workbenchMetadata('BANK_SECOND');

export default function Page() {
  return <PageMessages of="workbench"><WorkbenchPage stage="BANK_SECOND" /></PageMessages>;
}
