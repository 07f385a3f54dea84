'use client';

import { PrinterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Grid, Select, Skeleton, Space, Typography } from 'antd';
import { RangePicker } from '@/components/common/date-pickers';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { ReportInput } from '@/lib/contract/report';
import type { BondingCompanies } from '@/lib/contract/case-extras';
import { chinaToday } from '@/lib/china-time';
import { CallPermission, useCallAllowed } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { useCall } from '@/components/approval/use-call';
import { EmployeesDrawer } from './employees-drawer';
import { QuotaDialog } from './quota-dialog';
import { AfterIssueSection, BalancesSection, BanksSection, JobsSection, MonthlySection, type JobsCell } from './report-sections';
import { SubsidySection } from './subsidy-section';
import { useUrlFilters } from './use-url-filters';
import styles from './report-print.module.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PATTERNS = { monthFrom: MONTH, monthTo: MONTH, region: /^\d{6}$/ };

/** The last day of a month, or today while the month runs: the day the guarantee balances are read on. */
function balanceDay(monthTo: string): string | undefined {
  const last = dayjs(`${monthTo}-01`).endOf('month').format('YYYY-MM-DD');
  return last < chinaToday() ? last : undefined;
}

/** The screen itself (see ReportScreen): downloaded beside the shell's hydration, not in the page's first load. */
export function ReportScreenBody() {
  const t = useTranslations('reports.report');
  const tc = useTranslations('crud');
  const { filters, update } = useUrlFilters(PATTERNS);
  const body = filters as ReportInput;
  const report = useCall('reportStatistics/form', body);
  const banks = useCall('bankStatistics/form', body);
  const jobs = useCall('businessClubFirstTrial/employmentForm', body);
  const day = report.data ? balanceDay(report.data.period.monthTo) : undefined;
  const balances = useCall(report.data ? 'businessClubFirstTrial/getBondingCompanyList' : null, day ? { date: day } : {});
  const [cell, setCell] = useState<JobsCell | null>(null);
  const [company, setCompany] = useState<BondingCompanies['list'][number] | null>(null);
  const mayEditQuota = useCallAllowed()('guaranteeCompany/updateQuota');
  const [form] = Form.useForm<{ period?: [Dayjs, Dayjs]; region?: string }>();
  const period = report.data?.period;
  useEffect(() => {
    if (period) form.setFieldsValue({ period: [dayjs(`${period.monthFrom}-01`), dayjs(`${period.monthTo}-01`)], region: filters.region as string | undefined });
  }, [form, period, filters.region]);
  const search = (values: { period?: [Dayjs, Dayjs]; region?: string }) =>
    update({ monthFrom: values.period?.[0].format('YYYY-MM'), monthTo: values.period?.[1].format('YYYY-MM'), region: values.region });
  // On a phone the fields stack, each as wide as the screen.
  const phone = !Grid.useBreakpoint().sm;
  const extra = (
    <Space className={styles.noPrint} wrap>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>{t('print')}</Button>
      <CallPermission call="reportStatistics/export">
        <ExportButton path="reportStatistics/export" payload={() => body} label="reports.report.export" />
        <ExportButton path="businessClubFirstTrial/employmentFormExport" payload={() => body} label="reports.report.exportJobs" />
        <ExportButton path="guaranteeCompany/export" payload={() => (day ? { date: day } : {})} label="reports.report.exportBalances" />
      </CallPermission>
    </Space>
  );
  return (
    <div className={styles.report}>
      <Card title={t('title')} extra={extra}>
        <Form form={form} layout={phone ? 'vertical' : 'inline'} onFinish={search} className={styles.noPrint} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="period" label={t('period')}>
            <RangePicker picker="month" allowClear={false} aria-label={t('period')} style={phone ? { width: '100%' } : undefined} />
          </Form.Item>
          <Form.Item name="region" label={t('region')}>
            <Select allowClear style={{ width: phone ? '100%' : 160 }} placeholder={t('allRegions')} aria-label={t('region')}
              options={(report.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{tc('search')}</Button>
            <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); update({}); }}>{tc('reset')}</Button>
          </Space>
        </Form>
        {period && <Typography.Paragraph className={styles.printOnly}>{t('printHeading', { from: period.monthFrom, to: period.monthTo })}</Typography.Paragraph>}
        {!report.data ? <Skeleton active paragraph={{ rows: 10 }} /> : (
          <>
            <MonthlySection data={report.data} />
            {jobs.data ? <JobsSection data={jobs.data} open={setCell} /> : <Skeleton active />}
            {banks.data ? <BanksSection data={banks.data} /> : <Skeleton active />}
            <AfterIssueSection report={report.data} banks={banks.data} />
            <SubsidySection report={report.data} banks={banks.data} />
            {balances.data ? <BalancesSection data={balances.data} edit={mayEditQuota ? setCompany : undefined} /> : <Skeleton active />}
          </>
        )}
      </Card>
      {company && <QuotaDialog company={company} close={() => setCompany(null)} saved={() => void balances.mutate()} />}
      {cell && period && <EmployeesDrawer cell={cell} filters={{ ...body, ...period }} close={() => setCell(null)} />}
    </div>
  );
}
