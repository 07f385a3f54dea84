'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { chinaToday } from '@/lib/china-time';
import type { LprRow, SubsidyRuleRow, SubsidySettings } from '@/lib/contract/subsidy';
import { BORROWER_TYPES, type BorrowerType } from '@/lib/workflow/stages';
import { formatDate, formatTime } from '@/components/approval/format';
import { useCallAllowed } from '@/components/access/permission';
import { EmptyState } from '@/components/common/empty-state';
import { lazyPart } from '@/components/common/lazy-part';

/** The dialogs (a rule's new version, an LPR), downloaded when first opened. */
const RuleDialog = lazyPart(() => import('./rule-dialogs').then((m) => m.RuleDialog));
const LprDialog = lazyPart(() => import('./rule-dialogs').then((m) => m.LprDialog));

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** What a rule version subsidises, in words: LPR − 150 bp, 50% of the LPR, nothing. */
function useRuleText() {
  const t = useTranslations('subsidyRules');
  return (rule: Pick<SubsidyRuleRow, 'kind' | 'offsetBp' | 'share'>) => {
    if (rule.kind === 'LPR_OFFSET') return t('ruleOffset', { bp: rule.offsetBp > 0 ? `+${rule.offsetBp}` : rule.offsetBp < 0 ? `−${-rule.offsetBp}` : '±0' });
    if (rule.kind === 'LPR_SHARE') return t('ruleShare', { share: (rule.share * 100).toFixed(2) });
    return t('ruleNone');
  };
}

/**
 * 贴息规则 (DOMAIN.md section 6): per borrower type every version of its subsidy rule (the one in
 * force today marked), a new version from a due date not before today; the LPR's history with
 * the rate in force, and a newly published rate. Read by everyone who has the page; changed by
 * subsidyRule::edit.
 */
export function SubsidyRulesScreen() {
  const t = useTranslations('subsidyRules');
  const ta = useTranslations('approval');
  const locale = useLocale();
  const canEdit = useCallAllowed()('subsidyRule/add');
  const { data, isLoading, mutate } = useSWR(['subsidyRule/getList', locale], () => api('subsidyRule/getList', {}));
  const [adding, setAdding] = useState<BorrowerType | null>(null);
  const [addingLpr, setAddingLpr] = useState(false);
  const ruleText = useRuleText();
  const done = async (settings: SubsidySettings) => { await mutate(settings, { revalidate: false }); };

  const ruleColumns = [
    { key: 'effectiveFrom', title: t('effectiveFrom'), render: (_: unknown, r: SubsidyRuleRow) => formatDate(r.effectiveFrom) },
    { key: 'rule', title: t('rule'), render: (_: unknown, r: SubsidyRuleRow) => ruleText(r) },
    { key: 'years', title: t('years'), render: (_: unknown, r: SubsidyRuleRow) => t('yearsValue', { years: r.years }) },
    { key: 'maxLoans', title: t('maxLoans'), render: (_: unknown, r: SubsidyRuleRow) => t('maxLoansValue', { count: r.maxLoans }) },
    { key: 'inForce', title: t('inForce'), render: (_: unknown, r: SubsidyRuleRow) => (r.inForce ? <Tag color="green">{t('current')}</Tag> : r.effectiveFrom > chinaToday() ? <Tag color="blue">{t('upcoming')}</Tag> : <Tag>{t('past')}</Tag>) },
    { key: 'createdBy', title: t('createdBy'), render: (_: unknown, r: SubsidyRuleRow) => r.createdBy || '—' },
    { key: 'createTime', title: t('createTime'), render: (_: unknown, r: SubsidyRuleRow) => formatTime(r.createTime) },
  ];
  const rules = data?.rules ?? [];
  return (
    <Flex vertical gap={16}>
      <Card title={t('title')}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('intro')} />
        <Flex vertical gap={24}>
          {BORROWER_TYPES.map((type) => {
            const versions = rules.filter((r) => r.borrowerType === type);
            return (
              <section key={type} aria-labelledby={`subsidy-rule-${type}`}>
                <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
                  <h2 id={`subsidy-rule-${type}`} className="ant-typography section-title" style={{ margin: 0 }}>{ta(`borrowerType.${type}`)}</h2>
                  {canEdit && (
                    <Button icon={<PlusOutlined />} disabled={!data} aria-label={t('addVersionOf', { type: ta(`borrowerType.${type}`) })}
                      onClick={() => setAdding(type)}>{t('addVersion')}</Button>
                  )}
                </Flex>
                <Table<SubsidyRuleRow> rowKey="id" size="small" loading={isLoading} dataSource={versions} pagination={false} scroll={{ x: 'max-content' }}
                  aria-label={t('versionsOf', { type: ta(`borrowerType.${type}`) })} columns={ruleColumns}
                  locale={{ emptyText: <EmptyState description={t('noVersions')} /> }} />
              </section>
            );
          })}
        </Flex>
      </Card>
      <Card title={t('lpr.title')} extra={canEdit ? <Button icon={<PlusOutlined />} disabled={!data} onClick={() => setAddingLpr(true)}>{t('lpr.add')}</Button> : null}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('lpr.intro')} />
        <Table<LprRow> rowKey="effectiveFrom" size="small" loading={isLoading} dataSource={data?.lpr ?? []} scroll={{ x: 'max-content' }} aria-label={t('lpr.title')}
          pagination={(data?.lpr.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: <EmptyState description={t('lpr.none')} /> }}
          columns={[
            { key: 'effectiveFrom', title: t('effectiveFrom'), render: (_, r) => formatDate(r.effectiveFrom) },
            { key: 'rate', title: t('lpr.rate'), align: 'right', render: (_, r) => percent(r.rate) },
            { key: 'inForce', title: t('inForce'), render: (_, r) => (r.inForce ? <Tag color="green">{t('current')}</Tag> : r.effectiveFrom > chinaToday() ? <Tag color="blue">{t('upcoming')}</Tag> : <Tag>{t('past')}</Tag>) },
            { key: 'createdBy', title: t('createdBy'), render: (_, r) => r.createdBy || '—' },
            { key: 'createTime', title: t('createTime'), render: (_, r) => formatTime(r.createTime) },
          ]} />
      </Card>
      {adding && data && <RuleDialog borrowerType={adding} settings={data} close={() => setAdding(null)} done={done} />}
      {addingLpr && data && <LprDialog close={() => setAddingLpr(false)} done={done} />}
    </Flex>
  );
}
