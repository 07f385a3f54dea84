'use client';

import { useId } from 'react';
import styles from '../bar-chart.module.css';
import { ChartCanvas, ChartData, selectable } from './data-table';

const SIZE = 220;
const R = 96;
const INNER = 52;
/** Colours of the slices in order (the rest share the last). */
const PIE_COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911', '#8c8c8c'];

const point = (angle: number, radius: number) => [SIZE / 2 + radius * Math.sin(angle), SIZE / 2 - radius * Math.cos(angle)];

/** A donut in plain SVG: each slice its share of the whole, with the legend beside it and the figures as a table. A slice opens its cases. */
export function PieChart({ title, slices, tableCaption, categoryTitle, valueTitle, onSelect }: {
  title: string;
  slices: { label: string; value: number }[];
  tableCaption: string;
  categoryTitle: string;
  valueTitle: string;
  onSelect?: (index: number) => void;
}) {
  const id = useId();
  const total = slices.reduce((s, x) => s + x.value, 0);
  const share = (v: number) => (total > 0 ? `${((v / total) * 100).toFixed(1)}%` : '0%');
  let angle = 0;
  const arcs = slices.map((s, i) => {
    const start = angle;
    angle += total > 0 ? (s.value / total) * Math.PI * 2 : 0;
    const end = Math.min(angle, start + Math.PI * 2 - 1e-4);
    const large = end - start > Math.PI ? 1 : 0;
    const [x1, y1] = point(start, R), [x2, y2] = point(end, R), [x3, y3] = point(end, INNER), [x4, y4] = point(start, INNER);
    return { ...s, color: PIE_COLORS[Math.min(i, PIE_COLORS.length - 1)]!, d: `M${x1},${y1} A${R},${R} 0 ${large} 1 ${x2},${y2} L${x3},${y3} A${INNER},${INNER} 0 ${large} 0 ${x4},${y4} Z` };
  });
  const slicePaths = arcs.filter((a) => a.value > 0).map((a) => (
    <path key={a.label} d={a.d} fill={a.color} stroke="#fff" strokeWidth={1}
      {...selectable(`${a.label}: ${a.value}`, onSelect && (() => onSelect(slices.findIndex((s) => s.label === a.label))))}>
      <title>{`${a.label}: ${a.value} (${share(a.value)})`}</title>
    </path>
  ));
  const summary = slices.map((s) => `${s.label}: ${s.value} (${share(s.value)})`).join('; ');
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.caption}>{title}</figcaption>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
        <ChartCanvas id={id} title={title} summary={summary} viewBox={`0 0 ${SIZE} ${SIZE}`} style={{ width: SIZE, maxWidth: '100%', height: 'auto' }} marks={onSelect && slicePaths}>
          {!onSelect && slicePaths}
          <text x={SIZE / 2} y={SIZE / 2} textAnchor="middle" dominantBaseline="middle" className={styles.caption}>{total}</text>
        </ChartCanvas>
        <ul className={styles.legend} style={{ flexDirection: 'column', gap: 4 }} aria-hidden="true">
          {arcs.map((a) => <li key={a.label}><span className={styles.swatch} style={{ background: a.color }} />{`${a.label} ${share(a.value)}`}</li>)}
        </ul>
      </div>
      <ChartData title={title} caption={tableCaption} categoryTitle={categoryTitle} categories={slices.map((s) => s.label)}
        series={[{ name: valueTitle, values: slices.map((s) => s.value) }]} />
    </figure>
  );
}
