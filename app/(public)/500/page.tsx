import { ErrorResult } from '@/components/common/error-result';

export default function Page500() {
  return <ErrorResult status={500} />;
}
