'use client';

import { Card, Col, Row, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { FiguresCard } from '@/components/home/figures-card';
import { QuickLinks } from '@/components/home/quick-links';
import { RecentMessages } from '@/components/home/recent-messages';
import { TodoCard } from '@/components/home/todo-card';
import { textClass } from '@/lib/theme';
import { useShell } from './shell-context';
import styles from './entry-page.module.css';

/**
 * The entry page, where staff start the day: a reviewer's to-do per stage, an administrator's
 * figures of the platform, recent messages and quick links. Every figure opens its list.
 */
export function EntryPage() {
  const t = useTranslations('home');
  const { user, menu } = useShell();
  const { data, isLoading } = useSWR('home/overview', () => api('home/overview', {}));
  const admin = user.type === 0;
  return (
    <>
      <Card className={styles.welcome}>
        <h3 className={textClass()} style={{ marginTop: 0 }}>{t('welcome', { name: user.nickname })}</h3>
        <span className={textClass('secondary')}>{user.orgName ? t('org', { org: user.orgName }) : t('noOrg')}</span>
        {admin && <Tag color="blue" style={{ marginLeft: 12 }}>{t('admin')}</Tag>}
      </Card>
      {admin && data?.figures && (
        <section aria-label={t('platform')} className={styles.section}>
          <FiguresCard figures={data.figures} />
        </section>
      )}
      <Row gutter={[16, 16]} className={styles.section}>
        <Col xs={24} xl={16}>
          {(!admin || (data?.todo.length ?? 0) > 0) && <div className={styles.block}><TodoCard todo={data?.todo ?? []} loading={isLoading} /></div>}
          <RecentMessages />
        </Col>
        <Col xs={24} xl={8}>
          <QuickLinks menu={menu} username={user.username} />
        </Col>
      </Row>
    </>
  );
}
