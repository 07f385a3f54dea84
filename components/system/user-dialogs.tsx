'use client';

import { Alert, Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, apiCall } from '@/lib/api/client';
import type { UserRow, UserSaveResult } from '@/lib/contract/user';
import { CopyText } from '@/components/widgets/copy-text';
import '@/styles/antd/radio.generated.css';
import { useApp } from '@/components/providers/app-notices';

interface DialogProps<Row> { row: Row; close: () => void; refresh: () => Promise<unknown> }

/** Confer: replaces the user's roles. */
export function ConferDialog({ row, close, refresh }: DialogProps<UserRow>) {
  const t = useTranslations('resources.user');
  const { message } = useApp();
  const [roleIds, setRoleIds] = useState(row.roles.map((r) => r.id));
  const [saving, setSaving] = useState(false);
  const { data, isLoading } = useSWR(['role/roleList', 'all'], () => api('role/roleList', { pageNum: 1, pageSize: 30, state: 'ENABLED' }));
  const save = async () => {
    setSaving(true);
    try {
      const { message: text } = await apiCall('systemUser/confer', { id: row.id, version: row.version, roleIds });
      void message.success(text);
      await refresh();
      close();
    } catch { /* the message is shown */ } finally { setSaving(false); }
  };
  return (
    <Modal open title={t('conferTitle', { name: row.nickname })} onCancel={close} onOk={save} confirmLoading={saving}>
      <Select mode="multiple" style={{ width: '100%' }} value={roleIds} onChange={setRoleIds} loading={isLoading} aria-label={t('roles')}
        options={(data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))} optionFilterProp="label" />
    </Modal>
  );
}

/** The password, shown once (after a reset or when an account was created without one). */
function PasswordResult({ username, password, close }: { username: string; password: string; close: () => void }) {
  const t = useTranslations('resources.user');
  return (
    <Modal open title={t('passwordTitle')} onCancel={close} onOk={close} cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon title={t('passwordOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph>{t('passwordFor', { username })}</Typography.Paragraph>
      <Typography.Text code style={{ fontSize: 18 }}>{password}</Typography.Text> <CopyText text={password} />
    </Modal>
  );
}

/** Reset password: shown once here, or sent to the user's mobile by SMS. */
export function ResetDialog({ row, close, refresh }: DialogProps<UserRow>) {
  const t = useTranslations('resources.user');
  const { message } = useApp();
  const [delivery, setDelivery] = useState<'SHOW' | 'SMS'>('SHOW');
  const [saving, setSaving] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  if (password) return <PasswordResult username={row.username} password={password} close={close} />;
  const reset = async () => {
    setSaving(true);
    try {
      const { data, message: text } = await apiCall('systemUser/resetPassWord', { id: row.id, delivery });
      await refresh();
      if (data.password) setPassword(data.password);
      else { void message.success(data.sent ? t('passwordSent') : text); close(); }
    } catch { /* the message is shown */ } finally { setSaving(false); }
  };
  return (
    <Modal open title={t('resetTitle', { name: row.nickname })} onCancel={close} onOk={reset} confirmLoading={saving} okText={t('reset')} okButtonProps={{ danger: true }}>
      <Typography.Paragraph>{t('resetHint')}</Typography.Paragraph>
      <Form.Item label={t('delivery')}>
        <Radio.Group value={delivery} onChange={(e) => setDelivery(e.target.value)} options={[
          { value: 'SHOW', label: t('deliveryShow') },
          { value: 'SMS', label: t('deliverySms'), disabled: !row.mobile },
        ]} />
      </Form.Item>
    </Modal>
  );
}

/** After a save: the generated password, when an account was created without one. */
export function CreatedPassword({ saved, close }: { saved: UserSaveResult; close: () => void }) {
  useEffect(() => { if (!saved.password) close(); }, [saved, close]);
  return saved.password ? <PasswordResult username={saved.user.username} password={saved.password} close={close} /> : null;
}
