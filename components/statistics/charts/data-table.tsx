import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
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

/**
 * On a phone a chart scrolls sideways rather than shrink its labels: its drawing is at least
 * about 52 px per category (at most 640 px), so a chart of a few categories fits the screen.
 * A chart over time opens scrolled to its latest figures.
 */
export function usePhoneScroll(categories: number, timeline: boolean) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (timeline && el) el.scrollLeft = el.scrollWidth;
  }, [timeline]);
  return { ref, style: { '--chart-min': `${categories * 52}px` } as CSSProperties };
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
