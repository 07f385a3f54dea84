import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';

export const generateMetadata = () => workbenchMetadata('BANK_TRANSFER');

export default function Page() {
  return <WorkbenchPage stage="BANK_TRANSFER" />;
}
