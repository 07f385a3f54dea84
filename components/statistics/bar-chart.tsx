'use client';

import { useId } from 'react';
import styles from './bar-chart.module.css';
import { ChartCanvas, perCategory, useChartWidth } from './charts/data-table';

export interface BarSeries { name: string; values: number[]; color: string }

const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 36, left: 56 };

/** A round upper bound for the axis and its ticks (1, 2 or 5 times a power of ten per step). */
export function axisTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

/**
 * A grouped bar chart in plain SVG: one group per category, one bar per series. It has a
 * title and a description for screen readers, and the same figures as a table underneath
 * (collapsed) for anyone who cannot read the picture.
 */
export function BarChart({ title, categories, series, tableCaption, categoryTitle, format = String, timeline = false }: {
  title: string;
  categories: string[];
  series: BarSeries[];
  tableCaption: string;
  categoryTitle: string;
  format?: (value: number) => string;
  /** Categories are periods in order: on a phone the chart opens at the latest. */
  timeline?: boolean;
}) {
  const id = useId();
  const chart = useChartWidth(perCategory(categories.length), timeline);
  const ticks = axisTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks.at(-1)!;
  const plotW = chart.width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const group = plotW / Math.max(1, categories.length);
  // Labels wider than their group (about 11 px a character, CJK counted double) are slanted so they do not run into each other.
  const slant = categories.some((c) => [...c].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 11 : 6), 0) > group - 4);
  const bar = Math.min(28, (group * 0.8) / Math.max(1, series.length));
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const summary = categories.map((c, i) => `${c}: ${series.map((s) => `${s.name} ${format(s.values[i] ?? 0)}`).join(', ')}`).join('; ');
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.caption}>{title}</figcaption>
      <div ref={chart.ref} className={styles.scroll}>
        <ChartCanvas id={id} title={title} summary={summary} viewBox={`0 0 ${chart.width} ${slant ? HEIGHT + 64 : HEIGHT}`} className={styles.svg} style={chart.style}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={chart.width - PAD.right} y1={y(tick)} y2={y(tick)} className={styles.grid} />
              <text x={PAD.left - 6} y={y(tick)} className={styles.tick} textAnchor="end" dominantBaseline="middle">{format(tick)}</text>
            </g>
          ))}
          {categories.map((category, i) => {
            const left = PAD.left + i * group + (group - bar * series.length) / 2;
            return (
              <g key={category}>
                {series.map((s, j) => {
                  const value = s.values[i] ?? 0;
                  return (
                    <rect key={s.name} x={left + j * bar} y={y(value)} width={Math.max(1, bar - 2)} height={Math.max(0, PAD.top + plotH - y(value))} fill={s.color}>
                      <title>{`${category} ${s.name}: ${format(value)}`}</title>
                    </rect>
                  );
                })}
                {slant ? (
                  <text x={PAD.left + i * group + group / 2} y={HEIGHT - PAD.bottom + 12} className={styles.tick} textAnchor="end"
                    transform={`rotate(-25 ${PAD.left + i * group + group / 2} ${HEIGHT - PAD.bottom + 12})`}>{category}</text>
                ) : <text x={PAD.left + i * group + group / 2} y={HEIGHT - PAD.bottom + 16} className={styles.tick} textAnchor="middle">{category}</text>}
              </g>
            );
          })}
        </ChartCanvas>
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s) => <li key={s.name}><span className={styles.swatch} style={{ background: s.color }} />{s.name}</li>)}
      </ul>
      <details className={styles.data}>
        <summary>{tableCaption}</summary>
        <table>
          <caption className={styles.hidden}>{title}</caption>
          <thead><tr><th scope="col">{categoryTitle}</th>{series.map((s) => <th key={s.name} scope="col">{s.name}</th>)}</tr></thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={category}><th scope="row">{category}</th>{series.map((s) => <td key={s.name}>{format(s.values[i] ?? 0)}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
