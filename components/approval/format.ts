import { formatChinaDate, formatChinaTime } from '@/lib/china-time';

const money = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 });

/** Amounts in yuan as the tables show them. */
export const formatMoney = (value: number | null | undefined) => (value === null || value === undefined ? '—' : money.format(value));
/** Instants on China's clock, whatever the browser's zone (DESIGN.md section 5). */
export const formatTime = (value: string | null | undefined) => (value ? formatChinaTime(value) : '—');
export const formatDate = (value: string | null | undefined) => (value ? formatChinaDate(value) : '—');
