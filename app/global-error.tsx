'use client';

import en from '@/messages/en.json';
import zh from '@/messages/zh-CN.json';

/** Last resort when the root layout itself fails: no providers are available, so both languages at once. */
export default function GlobalError() {
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'sans-serif', display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <main style={{ textAlign: 'center' }}>
          <h1>500</h1>
          <p>{zh.errorPage['500']}<br />{en.errorPage['500']}</p>
          <a href="/">{zh.common.backHome} / {en.common.backHome}</a>
        </main>
      </body>
    </html>
  );
}
