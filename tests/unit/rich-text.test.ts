import { describe, expect, it } from 'vitest';
import { richText } from '../../lib/contract/fields';
import { sanitizeRichText } from '../../lib/contract/rich-text';
import { richTextBlank, richTextLength, richTextPlain, safeImageUrl, safeLinkUrl } from '../../lib/contract/rich-text-rules';

/** Markup that may never come out of the sanitiser: scripts, handlers, frames, dangerous addresses. */
const UNSAFE = /<script|<style|<iframe|<svg|<math|<object|<embed|<form|<input|<textarea|<meta|<link|<base|\son[a-z]+\s*=|javascript:|vbscript:|data:|style=|srcdoc|xlink|formaction/i;

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<p>hi<script>alert(1)</script></p>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/a.png" onerror="alert(1)" onload="alert(2)">',
  '<IMG SRC="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src=" javascript:alert(1)">',
  '<img src="//evil.example/a.png">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  '<a href="https://ok.example" onclick="alert(1)" style="color:red">x</a>',
  '<svg onload=alert(1)><circle r=1></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><xmp><img src=x onerror=alert(1)></xmp></math>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit formaction="javascript:alert(1)"></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<table><tr><td background="javascript:alert(1)" onmouseover="alert(1)">x</td></tr></table>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="https://ok.example"><img src=x onerror=alert(1)></a>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<div onmouseover="alert(1)">x</div>',
  '<p><!--<img src=x onerror=alert(1)>--></p>',
  '<template><img src=x onerror=alert(1)></template>',
  '<td colspan="1 onmouseover=alert(1)">x</td>',
];

describe('the rich-text sanitiser of the service', () => {
  it.each(PAYLOADS)('leaves nothing harmful of %s', (payload) => {
    const clean = sanitizeRichText(payload);
    expect(clean).not.toMatch(UNSAFE);
    // Sanitising is stable: what was stored comes out the same when it is saved again.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps the markup the editor writes', () => {
    const html = [
      '<h1>Title</h1><h2>Part</h2><h3>Sub</h3><h4>Minor</h4>',
      '<p>Text <strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s> <code>x</code><br />next line</p>',
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>',
      '<blockquote><p>quote</p></blockquote><pre><code>code</code></pre>',
      '<p><a href="https://example.com/a?b=1&amp;c=2">web</a> <a href="mailto:help@example.com">mail</a> <a href="/information/publish">here</a></p>',
      '<table><thead><tr><th colspan="2" rowspan="1">head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
      '<img src="https://example.com/a.png" alt="chart" /><img src="/api/file/1" alt="" />',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives a link opened elsewhere a safe rel, drops other targets and attributes', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>'))
      .toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<a href="https://example.com" target="_top" title="t" class="c" id="i">x</a>')).toBe('<a href="https://example.com">x</a>');
    expect(sanitizeRichText('<p class="x" id="y" data-a="1" dir="rtl">p</p>')).toBe('<p>p</p>');
  });

  it('drops the editor\'s own extras that are not stored (column widths, styles) but keeps the table', () => {
    const editor = '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>h</p></th></tr></tbody></table>';
    expect(sanitizeRichText(editor)).toBe('<table><tbody><tr><th colspan="1" rowspan="1"><p>h</p></th></tr></tbody></table>');
  });
});

describe('the rich-text field schema', () => {
  const schema = richText(10);
  const required = richText(10, { required: 'validation.fieldRequired' });
  const key = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('answers the sanitised HTML', () => {
    expect(schema.parse('<p>hi<script>alert(1)</script><img src=x onerror=alert(1)></p>')).toBe('<p>hi</p>');
    expect(schema.parse('<p></p>')).toBe('');
    expect(schema.parse('<p><img src="/a.png" alt=""></p>')).toBe('<p><img src="/a.png" alt="" /></p>');
  });

  it('counts the text, not the markup, against max', () => {
    expect(schema.parse('<p><strong>0123456789</strong></p>')).toBe('<p><strong>0123456789</strong></p>');
    expect(key(schema.safeParse('<p>01234567890</p>'))).toBe('validation.tooLong');
    // Characters, not UTF-16 units or entities.
    expect(schema.safeParse('<p>&amp;&lt;&gt;中文😀😀😀😀😀</p>').success).toBe(true);
  });

  it('bounds the markup and refuses control characters and non-text', () => {
    expect(key(schema.safeParse(`<p>${'<b></b>'.repeat(4000)}</p>`))).toBe('validation.tooLong');
    expect(key(schema.safeParse('<p>a\u0000b</p>'))).toBe('validation.controlChar');
    expect(key(schema.safeParse('<p>a\u001bb</p>'))).toBe('validation.controlChar');
    expect(schema.safeParse('<p>a</p>\n<p>b</p>').success).toBe(true);
    expect(schema.safeParse(42).success).toBe(false);
    expect(schema.safeParse(['<p>a</p>']).success).toBe(false);
  });

  it('required means text: markup without text is refused', () => {
    expect(key(required.safeParse(''))).toBe('validation.fieldRequired');
    expect(key(required.safeParse('<p>  </p><p><br></p>'))).toBe('validation.fieldRequired');
    expect(key(required.safeParse('<script>alert(1)</script>'))).toBe('validation.fieldRequired');
    expect(required.parse('<p>ok</p>')).toBe('<p>ok</p>');
    expect(schema.parse('')).toBe('');
  });
});

describe('the rich-text rules shared with the editor', () => {
  it('takes http(s), mailto and relative links only', () => {
    expect(safeLinkUrl(' https://example.com/a ')).toBe('https://example.com/a');
    expect(safeLinkUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeLinkUrl('/information/publish')).toBe('/information/publish');
    expect(safeLinkUrl('#part')).toBe('#part');
    expect(safeLinkUrl('example.com/a')).toBe('https://example.com/a');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'javascript&colon;alert(1)', '&#106;avascript:alert(1)',
      'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', '//evil.example', '/\\evil.example', '\\\\evil', 'https://a"onmouseover="x', '']) {
      expect(safeLinkUrl(bad), bad).toBeNull();
    }
  });

  it('takes http(s) and same-site images only', () => {
    expect(safeImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeImageUrl('/api/file/1')).toBe('/api/file/1');
    for (const bad of ['data:image/png;base64,AAAA', 'javascript:alert(1)', '//evil.example/a.png', 'a.png', 'blob:https://x/1', 'mailto:a@b.c']) {
      expect(safeImageUrl(bad), bad).toBeNull();
    }
  });

  it('reads the text as a reader does', () => {
    expect(richTextPlain('<p>a &amp; b</p><p>&lt;c&gt;&#20013;&#x6587;</p>')).toBe('a & b<c>中文');
    expect(richTextLength('<p>😀中</p>')).toBe(2);
    expect(richTextBlank('<p> </p><p><br></p>')).toBe(true);
    expect(richTextBlank('<p>&nbsp;</p>')).toBe(true);
    expect(richTextBlank('<p>x</p>')).toBe(false);
    expect(richTextBlank(undefined)).toBe(true);
  });
});
