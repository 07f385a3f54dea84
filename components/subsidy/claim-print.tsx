'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import type { ClaimDetail, ClaimLine } from '@/lib/contract/subsidy';
import { chinaToday } from '@/lib/china-time';
import { PAGE_SIZES } from '@/lib/contract/limits';
import { formatDate, formatMoney } from '@/components/approval/format';
import { EmptyState } from '@/components/common/empty-state';
import { PrintFrame } from '@/components/common/print-frame';
import styles from './claim-print.module.css';

/** The most periods one read answers. */
const PAGE = Math.max(...PAGE_SIZES);
/** Who signs a claim: the bank's clerk, then renshe's first and second reviewers and its finance. */
const SIGNERS = ['clerk', 'checker', 'approver', 'finance'] as const;

/** A claim with every period it claims (read a page at a time). */
async function loadClaim(id: number): Promise<{ detail: ClaimDetail; lines: ClaimLine[] }> {
  const detail = await api('subsidyClaim/getInfo', { id });
  const lines: ClaimLine[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await api('subsidyClaim/lines', { id, excluded: false, pageNum, pageSize: PAGE });
    lines.push(...page.list);
    if (pageNum >= page.totalPage) break;
  }
  return { detail, lines };
}

/** The print view of a claim: an A4 sheet the browser prints (or saves as PDF) alone, with the signature lines. */
export function ClaimPrint({ id }: { id: number }) {
  const t = useTranslations('subsidyClaims');
  const { data, error } = useSWR(['subsidyClaim/print', id], () => loadClaim(id));
  return (
    <PrintFrame back="/post-loan/subsidy" backLabel={t('back')} printLabel={t('printNow')}
      sheet={data && <ClaimSheet {...data} />} failed={error && <EmptyState description={t('loadFailed')} />} />
  );
}

function ClaimSheet({ detail, lines }: { detail: ClaimDetail; lines: ClaimLine[] }) {
  const t = useTranslations();
  const p = (key: string, values?: Record<string, string | number>) => t(`subsidyClaims.printSheet.${key}`, values);
  const c = (key: string) => t(`subsidy.column.${key}`);
  const { claim } = detail;
  const sum = (pick: (l: ClaimLine) => number) => lines.reduce((total, l) => total + Math.round(pick(l) * 100), 0) / 100;
  return (
    <article className={styles.paper} aria-label={p('title')}>
      <h1 className={styles.title}>{p('title')}</h1>
      <table className={styles.facts}>
        <tbody>
          <tr><th scope="row">{c('number')}</th><td>{claim.number}</td><th scope="row">{c('quarter')}</th><td>{t('subsidyClaims.quarterName', { year: claim.year, quarter: claim.quarter })}</td></tr>
          <tr><th scope="row">{c('bankOrg')}</th><td>{claim.bankOrg}</td><th scope="row">{c('rensheOrg')}</th><td>{claim.rensheOrg}</td></tr>
          <tr><th scope="row">{c('periods')}</th><td>{claim.periods}</td><th scope="row">{c('amount')}</th><td>{formatMoney(claim.amount)}</td></tr>
          <tr><th scope="row">{c('state')}</th><td>{t(`subsidy.state.${claim.state}`)}</td><th scope="row">{p('printedOn')}</th><td>{chinaToday()}</td></tr>
        </tbody>
      </table>
      <h2 className={styles.section}>{c('lines')}</h2>
      <div className={styles.wrap}>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col">{p('index')}</th>
              <th scope="col">{c('loanNumber')}</th>
              <th scope="col">{c('name')}</th>
              <th scope="col">{c('period')}</th>
              <th scope="col">{c('dueDate')}</th>
              <th scope="col">{c('repaidOn')}</th>
              <th scope="col">{c('interest')}</th>
              <th scope="col">{c('subsidy')}</th>
              <th scope="col">{c('borrowerInterest')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, index) => (
              <tr key={`${l.applicationId}-${l.period}`}>
                <td>{index + 1}</td><td>{l.loanNumber}</td><td>{l.name}</td><td>{l.period}</td>
                <td>{formatDate(l.dueDate)}</td><td>{formatDate(l.paidOn)}</td>
                <td className={styles.number}>{formatMoney(l.interest)}</td>
                <td className={styles.number}>{formatMoney(l.subsidy)}</td>
                <td className={styles.number}>{formatMoney(l.borrowerInterest)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={6}>{p('total')}</td>
              <td className={styles.number}>{formatMoney(sum((l) => l.interest))}</td>
              <td className={styles.number}>{formatMoney(sum((l) => l.subsidy))}</td>
              <td className={styles.number}>{formatMoney(sum((l) => l.borrowerInterest))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className={styles.signatures}>
        {SIGNERS.map((who) => (
          <div key={who} className={styles.signature}>
            <div className={styles.line}><span>{p(`signers.${who}`)}</span><span className={styles.blank} /></div>
            <div className={styles.line}><span>{p('date')}</span><span className={styles.blank} /></div>
          </div>
        ))}
      </div>
    </article>
  );
}
