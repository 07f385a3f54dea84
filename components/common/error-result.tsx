import { Button, Result } from 'antd';
import { getTranslations } from 'next-intl/server';

/** The error pages of SPEC.md section 8: status, exact text and 'Back to home' (the root). */
export async function ErrorResult({ status }: { status: 403 | 404 | 500 }) {
  const [t, common] = await Promise.all([getTranslations('errorPage'), getTranslations('common')]);
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
      <Result
        status={status}
        title={status}
        subTitle={t(String(status) as '403' | '404' | '500')}
        extra={<Button type="primary" href="/">{common('backHome')}</Button>}
      />
    </main>
  );
}
