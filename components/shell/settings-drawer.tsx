'use client';

import { Drawer, Form, Switch } from 'antd';
import { useTranslations } from 'next-intl';
import type { ShellSettings } from './use-settings';

/** 'setting' in the user menu: the shell's personal options, saved as they change. */
export function SettingsDrawer({ open, onClose, settings, onChange }: {
  open: boolean;
  onClose: () => void;
  settings: ShellSettings;
  onChange: (patch: Partial<ShellSettings>) => void;
}) {
  const t = useTranslations('shell');
  return (
    <Drawer open={open} onClose={onClose} title={t('settingsTitle')} size={320}>
      <Form layout="horizontal" labelCol={{ span: 18 }} wrapperCol={{ span: 6 }} labelAlign="left" colon={false}>
        <Form.Item label={t('hideHeader')}>
          <Switch checked={settings.hideHeaderOnScroll} onChange={(value) => onChange({ hideHeaderOnScroll: value })} aria-label={t('hideHeader')} />
        </Form.Item>
        <Form.Item label={t('showTabs')}>
          <Switch checked={settings.showTabs} onChange={(value) => onChange({ showTabs: value })} aria-label={t('showTabs')} />
        </Form.Item>
        <Form.Item label={t('fixedCollapse')}>
          <Switch checked={settings.collapsed} onChange={(value) => onChange({ collapsed: value })} aria-label={t('fixedCollapse')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
