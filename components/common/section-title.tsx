import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The title of a part of a screen (a report's table, a drawer's block): the heading level
 * under the page's one h1, drawn at antd's fifth-level size, so the outline skips no level.
 */
export function SectionTitle({ children }: { children: ReactNode }) {
  return <Typography.Title level={2} className="section-title">{children}</Typography.Title>;
}
