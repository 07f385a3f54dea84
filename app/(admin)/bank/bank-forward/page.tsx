import { Workbench } from '@/components/approval/workbench';
import { workbenchMetadata } from '@/lib/server/workbench-metadata';
import { PageMessages } from '@/components/providers/page-messages';

export const generateMetadata = () => workbenchMetadata('BANK_TRANSFER');

export default function Page() {
  return <PageMessages of="workbench"><Workbench stage="BANK_TRANSFER" /></PageMessages>;
}
