'use client';

import { Segmented } from 'antd';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { smsOutboxSpec, smsTemplateSpec } from '@/lib/resources/sms';
import '@/styles/antd/segmented.generated.css';

/** The row dialogs, downloaded when first opened. */
const TestSendDialog = lazyPart(() => import('./test-send-dialog').then((m) => m.TestSendDialog));

type View = 'templates' | 'outbox';

/** The switch between the templates and the outbox; the view lives in the URL (a new view starts on its first page). */
function ViewSwitch({ view }: { view: View }) {
  const t = useTranslations('resources.smsTemplate');
  const router = useRouter();
  const pathname = usePathname();
  return (
    <Segmented<View> value={view} onChange={(next) => router.replace(next === 'outbox' ? `${pathname}?view=outbox` : pathname)}
      options={[{ value: 'templates', label: t('templates') }, { value: 'outbox', label: t('outbox') }]} />
  );
}

/** SMS templates (短信模板配置) and the outbox of every message sent. */
export function SmsTemplateScreen() {
  const view: View = useSearchParams().get('view') === 'outbox' ? 'outbox' : 'templates';
  if (view === 'outbox') return <CrudScreen spec={smsOutboxSpec} extra={<ViewSwitch view={view} />} />;
  return <CrudScreen spec={smsTemplateSpec} extra={<ViewSwitch view={view} />} dialogs={{ testSend: (props) => <TestSendDialog {...props} /> }} />;
}
