'use client';

import { Select } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';

/** Picks an application by its number or the proposer's name (searched on the server as one types). */
export function ApplicationPicker({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const t = useTranslations('resources.agreement');
  const [keyword, setKeyword] = useState('');
  const { data, isLoading } = useSWR(['businessModelAgreement/applications', keyword], () => api('businessModelAgreement/applications', { keyword }));
  return (
    <Select showSearch={{ filterOption: false, onSearch: setKeyword }} allowClear value={value} onChange={onChange} loading={isLoading}
      placeholder={t('searchApplication')} aria-label={t('chooseApplication')} style={{ width: '100%' }}
      options={(data ?? []).map((a) => ({ value: a.id, label: `${a.number} · ${a.name}${a.productCode ? ` · ${a.productCode}` : ''}` }))} />
  );
}
