import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from '../bar-chart.module.css';

/** A chart's figures as a table (collapsed under the chart), for screen readers and anyone who cannot read the picture. */
export function ChartData({ title, caption, categoryTitle, categories, series, format = String }: {
  title: string;
  caption: string;
  categoryTitle: string;
  categories: string[];
  series: { name: string; values: number[]; format?: (value: number) => string }[];
  format?: (value: number) => string;
}) {
  return (
    <details className={styles.data}>
      <summary>{caption}</summary>
      <table>
        <caption className={styles.hidden}>{title}</caption>
        <thead><tr><th scope="col">{categoryTitle}</th>{series.map((s) => <th key={s.name} scope="col">{s.name}</th>)}</tr></thead>
        <tbody>
          {categories.map((category, i) => (
            <tr key={category}><th scope="row">{category}</th>{series.map((s) => <td key={s.name}>{(s.format ?? format)(s.values[i] ?? 0)}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Keyboard and pointer handlers of a chart mark that opens its figure's cases. */
export const selectable = (label: string, onSelect?: () => void) => (onSelect ? {
  role: 'button', tabIndex: 0, 'aria-label': label, style: { cursor: 'pointer' }, onClick: onSelect,
  onKeyDown: (e: { key: string; preventDefault: () => void }) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onSelect(); } },
} : {});

/** The width a chart is drawn at on a wide screen (scaled to its box). */
const CHART_WIDTH = 720;

/** The least drawing width of a chart of `count` categories on a phone. */
export const perCategory = (count: number) => count * 52;

/**
 * A chart's drawing width. On a wide screen it is drawn at CHART_WIDTH and scaled to its box.
 * On a phone it is drawn at its box's width in pixels, so labels keep their size, and at least
 * `least` px (at most 640): a wider chart scrolls sideways, and a chart over time opens
 * scrolled to its latest figures. `perCategory` is the least width of a chart of categories.
 */
export function useChartWidth(least: number, timeline: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBox(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const width = box === null || box >= 576 ? CHART_WIDTH : Math.max(box, Math.min(640, least));
  useLayoutEffect(() => {
    const el = ref.current;
    if (timeline && el && width !== CHART_WIDTH) el.scrollLeft = el.scrollWidth;
  }, [timeline, width]);
  const style: CSSProperties | undefined = width === CHART_WIDTH ? undefined : { width, maxHeight: 'none' };
  return { ref, width, style };
}

/**
 * A chart's drawing. Without marks to press it is one image (its title and description
 * read out). With them the picture (axes, labels, lines) is the image and each mark beside
 * it is a button of its own, so nothing a keyboard reaches sits inside the image.
 */
export function ChartCanvas({ id, title, summary, marks, children, viewBox, className, style }: {
  id: string;
  viewBox: string;
  className?: string;
  style?: CSSProperties;
  title: string;
  summary: string;
  marks?: ReactNode;
  children: ReactNode;
}) {
  const described = <><desc id={`${id}-desc`}>{summary}</desc>{children}</>;
  if (!marks) {
    return (
      <svg viewBox={viewBox} className={className} style={style} role="img" aria-labelledby={`${id}-svg-title ${id}-desc`}>
        <title id={`${id}-svg-title`}>{title}</title>
        {described}
      </svg>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a drawing's parts are grouped in SVG; a fieldset cannot be one
    <svg viewBox={viewBox} className={className} style={style} role="group" aria-labelledby={`${id}-title`}>
      <title>{title}</title>
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG g is a group of shapes, not a control */}
      <g role="img" aria-labelledby={`${id}-svg-title ${id}-desc`}><title id={`${id}-svg-title`}>{title}</title>{described}</g>
      {marks}
    </svg>
  );
}
