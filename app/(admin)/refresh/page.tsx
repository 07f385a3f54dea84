import { RefreshPage } from '@/components/shell/refresh-page';

export default function Refresh() {
  return <RefreshPage />;
}
