'use client';

import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Space, Spin } from 'antd';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A print view's frame: back to its page and print, the sheet on a grey desk, and the copy the
 * browser prints straight under <body> (admin.css prints that copy alone), so nothing of the
 * shell comes along. Until the sheet is ready it shows `failed` (when given) or a spinner.
 */
export function PrintFrame({ back, backLabel, printLabel, sheet, failed }: {
  back: string; backLabel: string; printLabel: string; sheet: ReactNode | undefined; failed?: ReactNode;
}) {
  const router = useRouter();
  return (
    <div style={{ background: '#f0f0f0', padding: 16, minHeight: '100%' }}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => router.push(back)}>{backLabel}</Button>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!sheet} onClick={() => window.print()}>{printLabel}</Button>
      </Space>
      {sheet ?? failed ?? <Spin />}
      {sheet && createPortal(<div data-print-copy>{sheet}</div>, document.body)}
    </div>
  );
}
