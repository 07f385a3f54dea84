'use client';

import { Descriptions, Grid, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { AccessText } from './access-text';
import { FieldTable } from './field-table';
import { fieldsOf, typeOf, type Call, type OpenApiDoc } from './doc-model';
import '@/styles/antd/descriptions.generated.css';
import { SectionTitle } from '@/components/common/section-title';

export const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue' };

/** Text with `code` spans (the document's notes), shown with code spans. */
function Inline({ text }: { text: string }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
  return <>{text.split('`').map((part, i) => (i % 2 ? <Typography.Text code key={i}>{part}</Typography.Text> : part))}</>;
}

/** One call in full: endpoint, access, request format, errors, request fields and answer fields. */
export function CallDetails({ call, doc }: { call: Call; doc: OpenApiDoc }) {
  const t = useTranslations('apiDocs');
  const narrow = Grid.useBreakpoint().md === false;
  const request = useMemo(() => fieldsOf(call.request, doc), [call, doc]);
  const answer = useMemo(() => {
    if (call.answer.kind === 'envelope') return fieldsOf(call.answer.data, doc);
    if (call.answer.kind === 'raw') return fieldsOf(call.answer.schema, doc);
    return [];
  }, [call, doc]);
  const errors = call.codes.filter((code) => code !== '200');
  const format = call.methods.length > 1 ? t('format.both') : t(`format.${call.requestKind}`);
  const items = [
    {
      key: 'endpoint', label: t('endpoint'),
      children: (
        <Space orientation="vertical" size={2}>
          {call.methods.map((m) => <Typography.Text key={m} code copyable>{`${m} /api/${call.path}`}</Typography.Text>)}
        </Space>
      ),
    },
    { key: 'access', label: t('accessLabel'), children: <AccessText access={call.access} /> },
    { key: 'format', label: t('requestFormat'), children: format },
    {
      key: 'errors', label: t('errors'),
      children: errors.length ? (
        <Space wrap size={[4, 4]}>
          {errors.map((code) => <Tooltip key={code} title={t(`codes.${code}`)}><Tag>{code} {t(`codes.${code}`)}</Tag></Tooltip>)}
        </Space>
      ) : t('noErrors'),
    },
    ...(call.note ? [{ key: 'note', label: t('note'), children: <Inline text={call.note} /> }] : []),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={1} items={items} layout={narrow ? 'vertical' : 'horizontal'}
        styles={narrow ? undefined : { label: { width: 140 } }} />
      <div>
        <SectionTitle>{t('requestFields')}</SectionTitle>
        <FieldTable rows={request} label={t('requestFieldsOf', { path: call.path })} />
      </div>
      <div>
        <SectionTitle>{t('answerFields')}</SectionTitle>
        {call.answer.kind === 'file' ? (
          <Typography.Paragraph>
            {t('fileAnswer')} {call.answer.types.map((type) => <Typography.Text code key={type}>{type}</Typography.Text>)}
          </Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {call.answer.kind === 'envelope' ? t('envelope', { type: typeOf(call.answer.data) }) : t('rawAnswer')}
            </Typography.Paragraph>
            {answer.length > 0 && <FieldTable rows={answer} label={t('answerFieldsOf', { path: call.path })} />}
          </>
        )}
      </div>
    </Space>
  );
}
