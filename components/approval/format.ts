import dayjs from 'dayjs';

const money = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 });

/** Amounts in yuan as the tables show them. */
export const formatMoney = (value: number | null | undefined) => (value === null || value === undefined ? '—' : money.format(value));
export const formatTime = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');
export const formatDate = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD') : '—');
