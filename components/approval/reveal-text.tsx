'use client';

import { EyeOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { api } from '@/lib/api/client';

/**
 * A masked ID number or mobile of the proposer. With the reveal permission a button asks
 * the server for the full value (the server audits every reveal) and shows it in place.
 */
export function RevealText({ id, field, masked, canReveal }: { id: number; field: 'idNumber' | 'mobile'; masked: string; canReveal: boolean }) {
  const t = useTranslations('approval.detail');
  const [value, setValue] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const reveal = async () => {
    setLoading(true);
    try {
      setValue((await api('businessProposerInfo/reveal', { id, field })).value);
    } catch { /* the message is shown */ } finally { setLoading(false); }
  };
  return (
    <Space size={4}>
      <span>{value ?? masked}</span>
      {canReveal && value === null && (
        <Button type="link" size="small" icon={<EyeOutlined />} loading={loading} onClick={() => void reveal()}
          aria-label={t(field === 'idNumber' ? 'revealIdNumber' : 'revealMobile')}>{t('reveal')}</Button>
      )}
    </Space>
  );
}
