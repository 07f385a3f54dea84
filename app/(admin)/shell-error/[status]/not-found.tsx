import { ErrorResult } from '@/components/common/error-result';

/** The 404 page of a signed-in user, inside the shell (answered with status 404). */
export default function ShellNotFound() {
  return <ErrorResult status={404} inShell />;
}
