'use client';

import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import type { MenuItem } from '@/lib/contract/auth';
import { useShell } from './shell-context';
import styles from './entry-page.module.css';

const title = (item: MenuItem, locale: string) => (locale === 'en' ? item.titleEn : item.title);

/** The entry page: who the user is and every page their menu lets them open. */
export function EntryPage() {
  const t = useTranslations('home');
  const locale = useLocale();
  const { user, menu } = useShell();
  return (
    <>
      <Card className={styles.welcome}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>{t('welcome', { name: user.nickname })}</Typography.Title>
        <Typography.Text type="secondary">{user.orgName ? t('org', { org: user.orgName }) : t('noOrg')}</Typography.Text>
        {user.type === 0 && <Tag color="blue" style={{ marginLeft: 12 }}>{t('admin')}</Tag>}
      </Card>
      <Typography.Title level={4}>{t('canOpen')}</Typography.Title>
      {menu.length === 0 ? <Card><Empty description={t('nothing')} /></Card> : (
        <Row gutter={[16, 16]}>
          {menu.map((group) => (
            <Col key={group.path} xs={24} md={12} xl={8}>
              <Card title={title(group, locale)} size="small">
                <ul className={styles.links}>
                  {(group.children.length ? group.children : [group]).map((item) => (
                    <li key={item.path}><Link href={item.path} prefetch={false}>{title(item, locale)}</Link></li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
