import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';

export const generateMetadata = () => workbenchMetadata('GC_SECOND');

export default function Page() {
  return <WorkbenchPage stage="GC_SECOND" />;
}
