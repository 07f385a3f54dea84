'use client';

import { useId } from 'react';
import styles from '../bar-chart.module.css';
import { ChartCanvas, ChartData, selectable, useChartWidth } from './data-table';

const ROW = 44;

/**
 * A funnel in plain SVG: one centred band per step, as wide as its count against the first,
 * labelled with the count and the rate from the step before. A band opens its cases.
 */
export function FunnelChart({ title, steps, tableCaption, stepTitle, countTitle, rateTitle, color = '#1677ff', onSelect }: {
  title: string;
  steps: { label: string; count: number; rate: number }[];
  tableCaption: string;
  stepTitle: string;
  countTitle: string;
  rateTitle: string;
  color?: string;
  onSelect?: (index: number) => void;
}) {
  const id = useId();
  // Its step names and figures stand beside the bands: on a phone it is drawn 640 px wide and scrolls.
  const chart = useChartWidth(640, false);
  const width = chart.width;
  const first = Math.max(1, steps[0]?.count ?? 1);
  const percent = (r: number) => `${(r * 100).toFixed(1)}%`;
  const height = steps.length * ROW + 8;
  const summary = steps.map((s) => `${s.label}: ${s.count} (${percent(s.rate)})`).join('; ');
  // Each band opens its step's cases; its name is what is written beside it.
  const bands = steps.map((s, i) => {
    const w = Math.max(4, ((width - 260) * s.count) / first);
    return (
      <rect key={s.label} x={130 + (width - 260 - w) / 2} y={8 + i * ROW} width={w} height={ROW - 12} rx={3} fill={color} opacity={1 - i * 0.13}
        {...selectable(`${s.label} ${s.count} · ${percent(s.rate)}`, onSelect && (() => onSelect(i)))}>
        <title>{`${s.label}: ${s.count} (${percent(s.rate)})`}</title>
      </rect>
    );
  });
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.caption}>{title}</figcaption>
      <div ref={chart.ref} className={styles.scroll}>
        <ChartCanvas id={id} title={title} summary={summary} viewBox={`0 0 ${width} ${height}`} className={styles.svg} style={chart.style} marks={onSelect && bands}>
          {steps.map((s, i) => {
            const top = 4 + i * ROW;
            return (
              <g key={s.label}>
                <text x={8} y={top + ROW / 2 - 2} className={styles.tick} dominantBaseline="middle">{s.label}</text>
                <text x={width - 122} y={top + ROW / 2 - 2} className={styles.tick} dominantBaseline="middle">{`${s.count} · ${percent(s.rate)}`}</text>
              </g>
            );
          })}
          {!onSelect && bands}
        </ChartCanvas>
      </div>
      <ChartData title={title} caption={tableCaption} categoryTitle={stepTitle} categories={steps.map((s) => s.label)}
        series={[{ name: countTitle, values: steps.map((s) => s.count) }, { name: rateTitle, values: steps.map((s) => s.rate), format: percent }]} />
    </figure>
  );
}
