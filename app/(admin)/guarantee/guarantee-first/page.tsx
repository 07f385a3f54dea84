import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';

export const generateMetadata = () => workbenchMetadata('GC_FIRST');

export default function Page() {
  return <WorkbenchPage stage="GC_FIRST" />;
}
