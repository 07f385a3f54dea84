'use client';

import { Space, Tag, Typography } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { routeTitle } from '@/lib/routes';
import { GIVEN, type Access, type FixedAccess } from './doc-model';

function PageName({ path }: { path: string }) {
  const locale = useLocale();
  const route = routeTitle(path);
  const title = route ? (locale === 'en' ? route.en : route.zh) : null;
  return <>{title ? `${title} ` : ''}<Typography.Text code>{path}</Typography.Text></>;
}

function Requirements({ access }: { access: Exclude<FixedAccess, string> }) {
  const t = useTranslations('apiDocs.access');
  const list = Array.isArray(access) ? access : access.all;
  return (
    <Space wrap size={[4, 4]}>
      {!Array.isArray(access) && <span>{t('allOf')}</span>}
      {list.map((r) => ('permission' in r
        ? <Tag key={r.permission} style={{ whiteSpace: 'normal' }}>{t('button')} <Typography.Text code>{r.permission}</Typography.Text></Tag>
        : <Tag key={r.page} style={{ whiteSpace: 'normal' }}>{t('page')} <PageName path={r.page} /></Tag>))}
    </Space>
  );
}

function Fixed({ access }: { access: FixedAccess }) {
  const t = useTranslations('apiDocs.access');
  if (typeof access === 'string') return <>{t(access)}</>;
  return (
    <Space orientation="vertical" size={4}>
      <span>{t('holders')}</span>
      <Requirements access={access} />
    </Space>
  );
}

/** Who may make a call, from the document's `x-access`, in the page's language. */
export function AccessText({ access }: { access: Access }) {
  const t = useTranslations('apiDocs.access');
  if (!access) return null;
  if (typeof access === 'string' || !('dependsOn' in access)) return <Fixed access={access} />;
  return (
    <Space orientation="vertical" size={4}>
      <span>{t('dependsOn', { field: access.dependsOn })}</span>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {access.cases.map((c) => (
          <li key={c.values.join(',')} style={{ marginBottom: 4 }}>
            <Typography.Text strong>{c.values.map((v) => (v === null ? t('absent') : v === GIVEN ? t('given') : v)).join(', ')}</Typography.Text>
            {t('caseSeparator')}
            {typeof c.access === 'string' ? t(c.access) : <Requirements access={c.access} />}
          </li>
        ))}
      </ul>
    </Space>
  );
}
