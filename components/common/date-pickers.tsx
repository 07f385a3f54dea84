'use client';

import type { ComponentType, CSSProperties } from 'react';
import { useContext } from 'react';
import { ConfigProvider, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { lazyPart } from './lazy-part';
import '@/styles/antd/date-picker.generated.css';

/**
 * antd's date pickers, downloaded when a page first shows one (about 32 KB gzip of picker
 * code and dayjs plugins out of every table page's first load). Until then the picker's own
 * box stands in its place (with the value, if any), drawn by antd's stylesheet, so nothing moves when it arrives.
 */
function PickerBox({ range, style, placeholder, value, format }: { range: boolean; style?: CSSProperties; placeholder?: unknown; value?: unknown; format?: unknown }) {
  const lang = useContext(ConfigProvider.ConfigContext).locale?.DatePicker?.lang;
  const [start, end] = Array.isArray(placeholder) ? placeholder : range ? (lang?.rangePlaceholder ?? []) : [placeholder ?? lang?.placeholder];
  const [from, to] = Array.isArray(value) ? value : [value];
  const shown = (date: unknown) => (dayjs.isDayjs(date) ? date.format(typeof format === 'string' ? format : 'YYYY-MM-DD') : '');
  const input = (text: unknown, date: unknown) => (
    <div className="ant-picker-input"><input readOnly tabIndex={-1} value={shown(date)} placeholder={typeof text === 'string' ? text : undefined} /></div>
  );
  return (
    <div className={`ant-picker${range ? ' ant-picker-range' : ''} ant-picker-outlined lbo ant-picker-css-var`} style={style} aria-hidden>
      {input(start, from)}
      {range && <><div className="ant-picker-range-separator"><span className="ant-picker-separator"><SwapRightOutlined /></span></div>{input(end, to)}</>}
      <span className="ant-picker-suffix"><CalendarOutlined /></span>
    </div>
  );
}

export const DatePicker = lazyPart<DatePickerProps>(
  () => import('antd/es/date-picker').then((m) => m.default as ComponentType<DatePickerProps>),
  (props) => <PickerBox range={false} style={props.style} placeholder={props.placeholder} value={props.value} format={props.format} />,
);

export const RangePicker = lazyPart<RangePickerProps>(
  () => import('antd/es/date-picker').then((m) => m.default.RangePicker as ComponentType<RangePickerProps>),
  (props) => <PickerBox range style={props.style} placeholder={props.placeholder} value={props.value} format={props.format} />,
);
