import { WorkbenchPage, workbenchMetadata } from '@/components/approval/workbench-page';

export const generateMetadata = () => workbenchMetadata('RS_FINAL');

export default function Page() {
  return <WorkbenchPage stage="RS_FINAL" />;
}
