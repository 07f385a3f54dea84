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
        <h2 className={textClass()} style={{ marginTop: 0, fontSize: 16 }}>{t('welcome', { name: user.nickname })}</h2>
        <span className={textClass('secondary')}>{user.orgName ? t('org', { org: user.orgName }) : t('noOrg')}</span>
        {admin && <Tag color="blue" style={{ marginLeft: 12 }}>{t('admin')}</Tag>}
      </Card>
      {/* The frame is drawn at once; the figures fill in as the service answers. */}
      {admin && (
        <section aria-label={t('platform')} className={styles.section}>
          <FiguresCard figures={data?.figures ?? null} />
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
