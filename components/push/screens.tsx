'use client';

import { Segmented } from 'antd';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { pushLogSpec, pushTargetSpec, renshePushSpec } from '@/lib/resources/push';
import '@/styles/antd/segmented.generated.css';

/** The row dialogs, downloaded when first opened. */
const PayloadDialog = lazyPart(() => import('./payload-dialog').then((m) => m.PayloadDialog));

type View = 'log' | 'targets';

/** The switch between the log and the targets; the view lives in the URL. */
function ViewSwitch({ view }: { view: View }) {
  const t = useTranslations('resources.pushData');
  const router = useRouter();
  const pathname = usePathname();
  return (
    <Segmented<View> value={view} onChange={(next) => router.replace(next === 'targets' ? `${pathname}?view=targets` : pathname)}
      options={[{ value: 'log', label: t('log') }, { value: 'targets', label: t('targets') }]} />
  );
}

/** 数据推送日志: the push log (re-push one, the selected or every failed one; a row's body) and the push targets. */
export function PushDataScreen() {
  const view: View = useSearchParams().get('view') === 'targets' ? 'targets' : 'log';
  if (view === 'targets') return <CrudScreen spec={pushTargetSpec} extra={<ViewSwitch view={view} />} />;
  return <CrudScreen spec={pushLogSpec} extra={<ViewSwitch view={view} />} dialogs={{ payload: (props) => <PayloadDialog {...props} /> }} />;
}

/** 人社监管同步日志: the daily batches sent to the supervision platform. */
export function RenshePushScreen() {
  return <CrudScreen spec={renshePushSpec} />;
}
