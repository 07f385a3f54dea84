import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { Locale } from '../../../lib/contract/auth';
import type { ApplyFigures, ApplyStatistics, ApplyStatisticsQuery, NamedFigures } from '../../../lib/contract/apply-statistics';
import { BORROWER_TYPES, STAGES } from '../../../lib/workflow/stages';
import { FUNNEL_STEPS } from '../../../lib/workflow/reports';
import { monthsOf } from '../../../lib/workflow/statistics';
import { inReaderLanguage, type Translate } from '../../core/i18n';
import { applyGroups, applyPeriod, overdueCount, stageWaits, type ApplyDimension, type ApplyGroup, type ApplyPeriodRange } from './apply-query';

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The buckets of a period: each day, each week from its Monday, or each month, clipped to the period. */
function buckets(period: ApplyPeriodRange): { bucket: string; from: string; to: string }[] {
  const start = dayMs(period.dateFrom), end = dayMs(period.dateTo);
  const clip = (from: number, to: number) => ({ from: dayText(Math.max(from, start)), to: dayText(Math.min(to, end)) });
  if (period.unit === 'month') {
    return monthsOf(period.dateFrom, period.dateTo).map((m) => {
      const first = dayMs(`${m}-01`);
      const next = new Date(first); next.setUTCMonth(next.getUTCMonth() + 1);
      return { bucket: m, ...clip(first, next.getTime() - DAY_MS) };
    });
  }
  const step = period.unit === 'day' ? 1 : 7;
  // Weeks start on Monday (the 1970-01-01 of day 0 was a Thursday).
  let cursor = period.unit === 'day' ? start : start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const list = [];
  for (; cursor <= end; cursor += step * DAY_MS) list.push({ bucket: dayText(cursor), ...clip(cursor, cursor + (step - 1) * DAY_MS) });
  return list;
}

const empty = (): ApplyFigures => ({ total: 0, loaned: 0, refused: 0, amount: 0, loanAmount: 0 });
function add(f: ApplyFigures, g: ApplyGroup) {
  f.total += g.n;
  f.amount += g.amount;
  f.loanAmount += g.loanAmount;
  if (g.status === 'LOANED') f.loaned += g.n;
  if (g.status === 'REFUSED') f.refused += g.n;
}
const rounded = <T extends ApplyFigures>(f: T): T => ({ ...f, amount: cents(f.amount), loanAmount: cents(f.loanAmount) });

/** The figures per key of one dimension's groups. */
function foldBy<K extends string | number>(groups: ApplyGroup[], dimension: ApplyDimension, key: (g: ApplyGroup) => K) {
  const map = new Map<K, ApplyFigures>();
  for (const g of groups) {
    if (g.dimension !== dimension) continue;
    const k = key(g);
    if (!map.has(k)) map.set(k, empty());
    add(map.get(k)!, g);
  }
  return map;
}

/** Rows of a dimension, largest first, named. */
const namedRows = <K extends string | number>(map: Map<K, ApplyFigures>, name: (key: K) => string): NamedFigures[] =>
  [...map].map(([key, f]) => ({ key: String(key), name: name(key), ...rounded(f) })).sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));

async function names(db: Db, locale: Locale) {
  const en = locale === 'en';
  const [regions, orgs, groups, products, reasons] = await Promise.all([
    db.selectFrom('region').select(['code', 'name', 'name_en']).where('code', 'in', (eb) => eb.selectFrom('organization').select('region_code').where('type', '=', 'RENSHE').where('region_code', 'is not', null)).execute(),
    db.selectFrom('organization').select(['id', 'region_code']).where('type', '=', 'RENSHE').execute(),
    db.selectFrom('client_group').select(['id', 'name_zh', 'name_en']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('loan_product').select(['id', 'name_zh', 'name_en', 'revision']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('refuse_reason').select(['id', 'content', 'content_en']).execute(),
  ]);
  const regionName = new Map(regions.map((r) => [r.code, inReaderLanguage(locale, r.name, r.name_en)]));
  const productName = (p: { name_zh: string; name_en: string; revision: number }) => `${en ? p.name_en : p.name_zh}${p.revision > 1 ? ` (v${p.revision})` : ''}`;
  return {
    regionOfOrg: new Map(orgs.map((o) => [o.id, o.region_code ?? ''])),
    region: (code: string) => regionName.get(code) ?? code,
    regions: regions.map((r) => ({ code: r.code, name: inReaderLanguage(locale, r.name, r.name_en) })),
    group: new Map(groups.map((g) => [g.id, en ? g.name_en : g.name_zh])),
    groups: groups.map((g) => ({ id: g.id, name: en ? g.name_en : g.name_zh })),
    product: new Map(products.map((p) => [p.id, productName(p)])),
    products: products.map((p) => ({ id: p.id, name: productName(p) })),
    reason: new Map(reasons.map((r) => [r.id, inReaderLanguage(locale, r.content, r.content_en)])),
  };
}

/** The application statistics of a period (see lib/contract/apply-statistics.ts). */
export async function applyStatistics(db: Db, user: AuthUser, input: ApplyStatisticsQuery, now: Date, locale: Locale, t: Translate): Promise<ApplyStatistics> {
  const period = applyPeriod(input, now);
  const [groups, waits, overdue, n] = await Promise.all([
    applyGroups(db, user, input, period), stageWaits(db, user, input, period), overdueCount(db, user, input, period, now), names(db, locale),
  ]);
  // Every case is in one bucket: the buckets' groups sum to the period's figures.
  const summary = foldBy(groups, 'bucket', () => 0).get(0) ?? empty();
  const inReview = groups.filter((g) => g.dimension === 'bucket' && g.status === 'IN_REVIEW').reduce((s, g) => s + g.n, 0);
  const byBucket = foldBy(groups, 'bucket', (g) => g.key);
  const reached = FUNNEL_STEPS.map((_, level) => groups.filter((g) => g.dimension === 'level' && Number(g.key) >= level).reduce((s, g) => s + g.n, 0));
  const byReason = new Map<number, number>();
  for (const g of groups) if (g.dimension === 'reason' && g.status === 'REFUSED') byReason.set(Number(g.key), (byReason.get(Number(g.key)) ?? 0) + g.n);
  const none = t('reports.none');
  return {
    period,
    summary: { ...rounded(summary), inReview, overdue, overdueShare: ratio(overdue, inReview) },
    series: buckets(period).map((b) => ({ ...b, ...rounded(byBucket.get(b.bucket) ?? empty()) })),
    byRegion: namedRows(foldBy(groups, 'org', (g) => n.regionOfOrg.get(Number(g.key)) ?? ''), (code) => (code ? n.region(code) : none)),
    byBorrowerType: BORROWER_TYPES.map((b) => ({ key: b, name: t(`approval.borrowerType.${b}`), ...rounded(foldBy(groups, 'borrowerType', (g) => g.key).get(b) ?? empty()) })),
    byClientGroup: namedRows(foldBy(groups, 'clientGroup', (g) => Number(g.key)), (id) => n.group.get(id) ?? none),
    byProduct: namedRows(foldBy(groups, 'product', (g) => Number(g.key)), (id) => n.product.get(id) ?? none),
    funnel: FUNNEL_STEPS.map((step, i) => ({ step, count: reached[i]!, rate: ratio(reached[i]!, i === 0 ? reached[0]! : reached[i - 1]!), overall: ratio(reached[i]!, reached[0]!) })),
    stageDays: STAGES.map((stage) => {
      const w = waits.get(stage);
      return { stage, count: w?.n ?? 0, average: w && w.n > 0 ? Math.round((w.days / w.n) * 100) / 100 : 0 };
    }),
    refusals: [...byReason].map(([reasonId, count]) => ({ reasonId, reason: n.reason.get(reasonId) ?? none, count, share: ratio(count, summary.refused) }))
      .sort((a, b) => b.count - a.count || a.reasonId - b.reasonId),
    options: { regions: n.regions, clientGroups: n.groups, products: n.products },
  };
}

