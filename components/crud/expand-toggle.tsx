'use client';

import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';

/** 展开 / 收起 of a search form that shows one row. */
export function ExpandToggle({ expanded, onToggle }: { expanded: boolean; onToggle: (expanded: boolean) => void }) {
  const t = useTranslations('crud');
  return (
    <Button type="link" aria-expanded={expanded} onClick={() => onToggle(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end" style={{ paddingInline: 4 }}>
      {t(expanded ? 'collapse' : 'expand')}
    </Button>
  );
}
