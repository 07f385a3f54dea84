'use client';

import { Form, Image, Modal, Radio, Space, Tag, Typography } from 'antd';
import { DatePicker } from '@/components/common/date-pickers';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import { formatChinaTime, todayValue } from '@/lib/china-time';
import type { HelpRow, NoticeRow } from '@/lib/contract/content';
import { HELP_CATEGORY_OPTIONS, NOTICE_CATEGORY_OPTIONS } from '@/lib/resources/content';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { RichBody } from './rich-body';
import '@/styles/antd/image.generated.css';
import '@/styles/antd/radio.generated.css';
import { useApp } from '@/components/providers/app-notices';

const labelOf = (options: { value: string | number; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** A notice or help template as the portal shows it: title, category, time, cover and the sanitised body. */
export function PreviewDialog({ row, close }: { row: NoticeRow | HelpRow; close: () => void }) {
  const t = useTranslations();
  const notice = 'publishAt' in row ? row : null;
  const category = t(labelOf(notice ? NOTICE_CATEGORY_OPTIONS : HELP_CATEGORY_OPTIONS, row.category));
  return (
    <Modal open title={t('content.preview.title')} onCancel={close} footer={null} width="min(860px, 100vw)" destroyOnHidden>
      <article aria-label={row.title}>
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>{row.title}</Typography.Title>
        <Space wrap style={{ marginBottom: 12 }}>
          <Tag>{category}</Tag>
          {notice?.pinned && <Tag color="red">{t('resources.notice.pinnedTag')}</Tag>}
          <Typography.Text type="secondary">
            {notice?.publishAt ? t('content.preview.publishedAt', { time: formatChinaTime(notice.publishAt) }) : t('content.preview.notPublished')}
          </Typography.Text>
        </Space>
        {notice?.cover && <div style={{ marginBottom: 12 }}><Image src={notice.cover.url} alt={notice.cover.name} style={{ maxHeight: 240 }} /></div>}
        <RichBody html={row.body} />
      </article>
    </Modal>
  );
}

/** China wall-clock time of a picker value, with its offset. */
const chinaMoment = (value: Dayjs) => `${value.format('YYYY-MM-DDTHH:mm')}:00+08:00`;

/** Publishes a notice now or at a set time (China time), with the version the row was read at. */
export function PublishDialog({ row, close, refresh }: { row: NoticeRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('content.publish');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const [form] = Form.useForm<{ when: 'now' | 'at'; at?: Dayjs }>();
  const when = Form.useWatch('when', form) ?? 'now';
  const [saving, setSaving] = useState(false);
  const fieldErrors = useFieldErrors();
  const submit = async (values: { when: 'now' | 'at'; at?: Dayjs }) => {
    setSaving(true);
    try {
      const { message: text } = await apiCall('businessIssueInfo/publish', {
        id: row.id, version: row.version, ...(values.when === 'at' && values.at ? { publishAt: chinaMoment(values.at) } : {}),
      });
      void message.success(text);
      close();
      await refresh();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, { ...(error.fields.publishAt ? { at: error.fields.publishAt } : {}) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('title', { title: row.title })} onCancel={close} onOk={() => form.submit()} okText={t('ok')} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ when: 'now' }}>
        <Form.Item name="when" label={t('when')}>
          <Radio.Group options={[{ value: 'now', label: t('now') }, { value: 'at', label: t('at') }]} />
        </Form.Item>
        {when === 'at' && (
          <Form.Item name="at" label={t('time')} extra={t('timeHint')} rules={[{ required: true, message: tv('contentPublishAt') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }}
              disabledDate={(day) => day.isBefore(todayValue(), 'day')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
