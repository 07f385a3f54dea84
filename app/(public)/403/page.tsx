import { ErrorResult } from '@/components/common/error-result';

export default function Page403() {
  return <ErrorResult status={403} />;
}
