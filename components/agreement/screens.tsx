'use client';

import { useSearchParams } from 'next/navigation';
import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { agreementSpec } from '@/lib/resources/agreement';
import { PrintView } from './print-view';

/** The row dialogs, downloaded when first opened. */
const PreviewDialog = lazyPart(() => import('./preview-dialog').then((m) => m.PreviewDialog));

const idParam = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** Agreement templates (协议模板配置); `?view=print&id=&applicationId=` is a template's print view. */
export function AgreementScreen() {
  const params = useSearchParams();
  const id = idParam(params.get('id'));
  const applicationId = idParam(params.get('applicationId'));
  if (params.get('view') === 'print' && id && applicationId) return <PrintView id={id} applicationId={applicationId} />;
  return <CrudScreen spec={agreementSpec} dialogs={{ preview: (props) => <PreviewDialog {...props} /> }} />;
}
