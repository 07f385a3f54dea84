import { ErrorResult } from '@/components/common/error-result';

export default function NotFound() {
  return <ErrorResult status={404} />;
}
