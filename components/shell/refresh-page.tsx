'use client';

import { Spin } from 'antd';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { safeRedirect } from '@/lib/redirect';

/** /refresh?url=...: passes through here so the tab's page mounts afresh, with fresh server data. */
export function RefreshPage() {
  const router = useRouter();
  const target = safeRedirect(useSearchParams().get('url'));
  useEffect(() => {
    router.replace(target);
    router.refresh();
  }, [router, target]);
  return <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}><Spin /></div>;
}
