import { Empty } from 'antd';
import type { ReactNode } from 'react';

/**
 * The one empty state of the product: antd's small drawing over a line saying what is missing
 * ('暂无数据', '没有消息'...), in tables, cards, drawers and dialogs alike.
 */
export function EmptyState({ description }: { description: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
