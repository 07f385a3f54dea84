'use client';

import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { loginUrlAfterTimeout } from '@/lib/api/client';
import { CallDetails, METHOD_COLORS } from './call-details';
import styles from './api-docs.module.css';
import { callsOf, groupByTag, matches, sessionCookieOf, shellExample, type Call, type OpenApiDoc } from './doc-model';
import '@/styles/antd/collapse.generated.css';
import '@/styles/antd/result.generated.css';
import { EmptyState } from '@/components/common/empty-state';

const DOCUMENT_URL = '/api/openapi.json';

async function loadDocument(url: string): Promise<OpenApiDoc> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (response.status === 401) {
    window.location.assign(loginUrlAfterTimeout(window.location));
    throw new Error('signed out');
  }
  if (!response.ok) throw new Error(`status ${response.status}`);
  return (await response.json()) as OpenApiDoc;
}

const code = (chunks: ReactNode) => <Typography.Text code>{chunks}</Typography.Text>;

function CallLabel({ call }: { call: Call }) {
  return (
    <div className={styles.label}>
      {call.methods.map((m) => <Tag key={m} color={METHOD_COLORS[m]} style={{ marginInlineEnd: 0 }}>{m}</Tag>)}
      <Typography.Text strong className={styles.path}>{`/api/${call.path}`}</Typography.Text>
      <Typography.Text type="secondary">{call.summary}</Typography.Text>
    </div>
  );
}

/** /api-docs: the OpenAPI document of the /api contract, readable: calls by module, searchable, each with its fields. */
export function ApiDocs() {
  const t = useTranslations('apiDocs');
  const { data: doc, error, isLoading, mutate } = useSWR(DOCUMENT_URL, loadDocument);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const calls = useMemo(() => (doc ? callsOf(doc) : []), [doc]);
  const groups = useMemo(() => groupByTag(calls.filter((call) => matches(call, query))), [calls, query]);
  const shown = groups.reduce((n, g) => n + g.calls.length, 0);

  const search = (value: string) => {
    setQuery(value);
    setOpen(value.trim() ? groupByTag(calls.filter((call) => matches(call, value))).map((g) => g.tag) : []);
  };

  if (error) {
    return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void mutate()}>{t('retry')}</Button>} />;
  }
  const example = doc ? shellExample(doc) : null;
  return (
    <Card
      title={t('title')}
      extra={<Button icon={<DownloadOutlined />} href={DOCUMENT_URL} download="openapi.json">{t('download')}</Button>}
    >
      {isLoading || !doc ? <Skeleton active /> : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t.rich('intro', { code, cookie: sessionCookieOf(doc) })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t.rich('origin', { code })}</Typography.Paragraph>
          {example && (
            <Collapse size="small" items={[{
              key: 'curl', label: t('curl'),
              children: <pre style={{ margin: 0, overflowX: 'auto', fontSize: 12 }}><code>{example}</code></pre>,
            }]} />
          )}
          <Input
            allowClear size="large" prefix={<SearchOutlined />} value={query} onChange={(e) => search(e.target.value)}
            placeholder={t('searchPlaceholder')} aria-label={t('search')}
          />
          <Typography.Text type="secondary">{t('count', { shown, total: calls.length, version: doc.info.version })}</Typography.Text>
          {groups.length === 0 ? <EmptyState description={t('noMatch')} /> : (
            <Collapse
              destroyOnHidden activeKey={open} classNames={{ body: styles.body }} onChange={(keys) => setOpen(keys as string[])}
              items={groups.map((group) => ({
                key: group.tag,
                label: <Space><Typography.Text strong>{group.tag}</Typography.Text><Tag>{group.calls.length}</Tag></Space>,
                children: (
                  <Collapse size="small" destroyOnHidden classNames={{ body: styles.body }} items={group.calls.map((call) => ({
                    key: call.path, label: <CallLabel call={call} />, children: <CallDetails call={call} doc={doc} />,
                  }))} />
                ),
              }))}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
