import { Workbench } from '@/components/approval/workbench';
import { workbenchMetadata } from '@/lib/server/workbench-metadata';
import { PageMessages } from '@/components/providers/page-messages';

export const generateMetadata = () => workbenchMetadata('GC_HOUSE');

export default function Page() {
  return <PageMessages of="workbench"><Workbench stage="GC_HOUSE" /></PageMessages>;
}
