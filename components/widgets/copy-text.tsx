'use client';

import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, type ReactNode } from 'react';
import { useApp } from '@/components/providers/app-notices';

/** Copies through a hidden, selected textarea: for browsers without (or refusing) the Clipboard API. */
function copyWithTextarea(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  try {
    area.focus({ preventScroll: true });
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus?.({ preventScroll: true });
  }
}

/** Writes text to the clipboard; true when it got there. */
async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Not allowed here (permissions, insecure context): try the old way.
    }
  }
  return copyWithTextarea(text);
}

/** A copy function that tells the user how it went (SPEC.md section 5: 复制成功 / 复制失败). */
export function useCopy(): (text: string) => Promise<boolean> {
  const t = useTranslations('widgets.copy');
  const { message } = useApp();
  return useCallback(async (text: string) => {
    const ok = await copyToClipboard(text);
    if (ok) void message.success(t('success'));
    else void message.error(t('failure'));
    return ok;
  }, [message, t]);
}

/** The children followed by a link-style button that copies `text`. */
export function CopyText({ text, children }: { text: string; children?: ReactNode }) {
  const t = useTranslations('widgets.copy');
  const copy = useCopy();
  return (
    <span>
      {children}
      <Button type="link" size="small" icon={<CopyOutlined />} aria-label={t('label')} title={t('label')} onClick={() => void copy(text)} />
    </span>
  );
}
