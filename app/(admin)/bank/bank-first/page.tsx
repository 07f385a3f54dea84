import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';

export const generateMetadata = () => workbenchMetadata('BANK_FIRST');

export default function Page() {
  return <WorkbenchPage stage="BANK_FIRST" />;
}
