'use client';

import { useEffect, useState } from 'react';

type Texts = { zh: { error: string; home: string }; en: { error: string; home: string } };

/**
 * Last resort when the root layout itself fails: no providers are available, so both languages
 * at once. The messages are fetched only when this page shows (never part of a page's first
 * load); until then, or if they cannot load, the page shows the code and the way home.
 */
export default function GlobalError() {
  const [texts, setTexts] = useState<Texts | null>(null);
  useEffect(() => {
    Promise.all([import('@/messages/zh-CN.json'), import('@/messages/en.json')])
      .then(([zh, en]) => setTexts({
        zh: { error: zh.default.errorPage['500'], home: zh.default.common.backHome },
        en: { error: en.default.errorPage['500'], home: en.default.common.backHome },
      }))
      .catch(() => undefined);
  }, []);
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'sans-serif', display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <main style={{ textAlign: 'center' }}>
          <h1>500</h1>
          {texts && <p>{texts.zh.error}<br />{texts.en.error}</p>}
          <a href="/">{texts ? `${texts.zh.home} / ${texts.en.home}` : '/'}</a>
        </main>
      </body>
    </html>
  );
}
