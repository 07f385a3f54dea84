import {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, DatabaseOutlined, ExperimentOutlined, FileSearchOutlined,
  LineChartOutlined, NotificationOutlined, ProfileOutlined, SafetyCertificateOutlined, SettingOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons menu entries may name (only these are bundled). */
const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  AuditOutlined: <AuditOutlined />,
  BankOutlined: <BankOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
  SettingOutlined: <SettingOutlined />,
};

/** The names an icon picker offers. */
export const MENU_ICON_NAMES = Object.keys(ICONS);

export const menuIcon = (name: string | null) => (name ? ICONS[name] ?? <AppstoreOutlined /> : undefined);
