'use client';

import { useId } from 'react';
import styles from '../bar-chart.module.css';
import { axisTicks } from '../bar-chart';
import { ChartCanvas, ChartData, selectable, perCategory, useChartWidth } from './data-table';

export interface LineSeries { name: string; values: number[]; color: string }

const HEIGHT = 260;
const PAD = { top: 16, right: 16, bottom: 36, left: 56 };

/**
 * A line chart in plain SVG (one line per series over the categories, e.g. days, weeks or
 * months), with its title and a description for screen readers and its figures as a table.
 * A point opens its figure's cases when `onSelect` is given.
 */
export function LineChart({ title, categories, series, tableCaption, categoryTitle, format = String, onSelect }: {
  title: string;
  categories: string[];
  series: LineSeries[];
  tableCaption: string;
  categoryTitle: string;
  format?: (value: number) => string;
  onSelect?: (index: number, series: number) => void;
}) {
  const id = useId();
  const chart = useChartWidth(perCategory(categories.length), true);
  const ticks = axisTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks.at(-1)!;
  const plotW = chart.width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (categories.length <= 1 ? plotW / 2 : (i * plotW) / (categories.length - 1));
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  // At most about 12 labels on the axis, whatever the number of points.
  const every = Math.max(1, Math.ceil(categories.length / 12));
  // A point for each figure while they are few enough to tell apart; each opens its cases.
  const points = categories.length <= 62 && series.map((s, j) => s.values.map((v, i) => (
    <circle key={`${s.name}-${categories[i]}`} cx={x(i)} cy={y(v)} r={3.5} fill={s.color}
      {...selectable(`${categories[i]} ${s.name}: ${format(v)}`, onSelect && (() => onSelect(i, j)))}>
      <title>{`${categories[i]} ${s.name}: ${format(v)}`}</title>
    </circle>
  )));
  const summary = categories.map((c, i) => `${c}: ${series.map((s) => `${s.name} ${format(s.values[i] ?? 0)}`).join(', ')}`).join('; ');
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.caption}>{title}</figcaption>
      <div ref={chart.ref} className={styles.scroll}>
        <ChartCanvas id={id} title={title} summary={summary} viewBox={`0 0 ${chart.width} ${HEIGHT}`} className={styles.svg} style={chart.style} marks={onSelect && points}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={chart.width - PAD.right} y1={y(tick)} y2={y(tick)} className={styles.grid} />
              <text x={PAD.left - 6} y={y(tick)} className={styles.tick} textAnchor="end" dominantBaseline="middle">{format(tick)}</text>
            </g>
          ))}
          {categories.map((c, i) => i % every === 0 && (
            <text key={c} x={x(i)} y={HEIGHT - PAD.bottom + 16} className={styles.tick} textAnchor="middle">{c}</text>
          ))}
          {series.map((s) => <polyline key={s.name} fill="none" stroke={s.color} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />)}
          {!onSelect && points}
        </ChartCanvas>
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s) => <li key={s.name}><span className={styles.swatch} style={{ background: s.color }} />{s.name}</li>)}
      </ul>
      <ChartData title={title} caption={tableCaption} categoryTitle={categoryTitle} categories={categories} series={series} format={format} />
    </figure>
  );
}
