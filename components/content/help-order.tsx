'use client';

import { OrderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useCallAllowed } from '@/components/access/permission';
import { lazyPart } from '@/components/common/lazy-part';

/** The order drawer, downloaded when first opened. */
const OrderDrawer = lazyPart(() => import('./help-order-drawer').then((m) => m.OrderDrawer));

/** The screen's 'Order' button (for holders of helpInfo::sort) and its drawer; a move refreshes the screen's table. */
export function HelpOrderButton() {
  const t = useTranslations('resources.help');
  const can = useCallAllowed()('businessHelpInfo/updateSort');
  const [open, setOpen] = useState(false);
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => Array.isArray(key) && key[0] === 'businessHelpInfo/list');
  if (!can) return null;
  return (
    <>
      <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)}>{t('order')}</Button>
      {open && <OrderDrawer close={() => setOpen(false)} refresh={refresh} />}
    </>
  );
}
