import { describe, expect, it } from 'vitest';
import { sampleValues } from './template-render';
import { renderTemplate } from './template-render';
import { attributeVariableErrors, htmlText, isVisiblyEmpty, sanitizeTemplateHtml, withSafeUrls } from './template-html';
import { templateMessages } from '../../../common/messages';
import { BUILTIN_TEMPLATES } from './builtin-templates';

const clean = sanitizeTemplateHtml;

describe('sanitizeTemplateHtml', () => {
  it('removes scripts with their content, and event handlers', () => {
    expect(clean('<p>本文<script>alert(1)</script></p>')).toBe('<p>本文</p>');
    expect(clean('<p onclick="steal()" onmouseover="x()">本文</p>')).toBe('<p>本文</p>');
    expect(clean('<img src="https://img.example/a.png" onerror="alert(1)" alt="ロゴ">')).toBe('<img src="https://img.example/a.png" alt="ロゴ" />');
    expect(clean('<img src=x onerror=alert(1)>')).toBe('');
    expect(clean('<svg onload="alert(1)"><script>alert(1)</script></svg><p>残る</p>')).toBe('<p>残る</p>');
  });

  it('removes javascript: and other schemes from links, whatever their spelling', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'vbscript:x', 'data:text/html,<script>alert(1)</script>']) {
      expect(clean(`<a href="${href}">リンク</a>`), href).toBe('<a>リンク</a>');
    }
    expect(clean('<a href="{{url}}">確認する</a>')).toBe('<a href="{{url}}">確認する</a>');
    expect(clean('<a href="https://example.com/?a=1&amp;b=2">外部</a>')).toBe('<a href="https://example.com/?a=1&amp;b=2">外部</a>');
    expect(clean('<a href="mailto:soumu@example.co.jp">総務部</a>')).toBe('<a href="mailto:soumu@example.co.jp">総務部</a>');
  });

  it('removes iframes, objects, embeds and forms (and their controls)', () => {
    expect(clean('<iframe src="https://evil.example/"></iframe><p>本文</p>')).toBe('<p>本文</p>');
    expect(clean('<object data="x.swf"></object><embed src="x.swf">')).toBe('');
    expect(clean('<form action="https://evil.example/collect" method="post"><input name="password" type="password"><button>送信</button></form><p>本文</p>')).toBe('<p>本文</p>');
    expect(clean('<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/"><link rel="stylesheet" href="https://evil.example/a.css">')).toBe('');
  });

  it('removes CSS expressions, url(javascript:), bindings and escapes, keeping the safe declarations', () => {
    expect(clean('<div style="width:expression(alert(1));color:red">e</div>')).toBe('<div style="color:red">e</div>');
    expect(clean('<div style="background:url(javascript:alert(1))">b</div>')).toBe('<div>b</div>');
    expect(clean('<div style="background-image:url(&quot;javascript:alert(1)&quot;)">b</div>')).toBe('<div>b</div>');
    expect(clean('<div style="behavior:url(x.htc);-moz-binding:url(x.xml#a)">b</div>')).toBe('<div>b</div>');
    expect(clean('<div style="color:\\72 ed;width:e\\78pression(alert(1))">b</div>')).toBe('<div>b</div>');
    expect(clean('<p style="position:fixed;top:0">重ねない</p>')).toBe('<p>重ねない</p>');
    expect(clean('<style>body{background:url(javascript:alert(1))}</style><p>本文</p>')).toBe('<p>本文</p>');
  });

  it('keeps ordinary mail HTML: tables, inline styles with backgrounds, images over https', () => {
    const mail = '<table width="100%" cellpadding="0" cellspacing="0" bgcolor="#f5f5f5"><tr><td align="center" style="padding:16px;background:#fff url(https://img.example/bg.png) no-repeat;color:#333">'
      + '<img src="https://img.example/logo.png" alt="ロゴ" width="120" /><h1 style="font-size:20px">お知らせ</h1><p>{{name}} 様</p><a href="{{url}}" style="background-color:#1a73e8;color:#fff;padding:8px 16px">確認する</a></td></tr></table>';
    expect(clean(mail)).toBe(mail);
    expect(clean('<img src="http://img.example/logo.png"><img src="//img.example/a.png"><img src="/local.png"><img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('keeps every built-in lure’s text, links and variables (only serialisation changes)', () => {
    for (const template of BUILTIN_TEMPLATES) {
      const cleaned = clean(template.html_body);
      const normalise = (html: string) => html.replace(/;"/g, '"').replace(/<(br|hr|img)([^>]*?)>/g, '<$1$2 />').trim();
      expect(cleaned, template.key).toBe(normalise(template.html_body));
    }
  });

  it('tells when nothing visible is left', () => {
    expect(isVisiblyEmpty(clean('<script>alert(1)</script><div> </div>'))).toBe(true);
    expect(isVisiblyEmpty(clean('<p>{{url}}</p>'))).toBe(false);
  });
});

describe('attributeVariableErrors', () => {
  it('allows {{url}} only as the start of a URL attribute, and no variable in style', () => {
    expect(attributeVariableErrors('<a href="{{url}}" title="{{name}}">{{name}}</a><a href="{{url}}/x?a=1">b</a>')).toEqual([]);
    expect(attributeVariableErrors('<a href="{{name}}">a</a><a HREF="mailto:{{email}}">b</a>')).toEqual([templateMessages.variableInUrlAttribute('href')]);
    // Tags the sanitiser removes whole do not count; it keeps nothing of them.
    expect(attributeVariableErrors('<iframe src="{{name}}"></iframe><script src="{{name}}"></script>')).toEqual([]);
    expect(attributeVariableErrors('<img src="https://img.example/{{url}}.png"><div style="width:{{name}}">c</div>')).toEqual([
      templateMessages.variableInUrlAttribute('src'), templateMessages.variableInStyleAttribute('style'),
    ]);
  });
});

describe('htmlText', () => {
  it('is the text a reader sees, entities decoded', () => {
    expect(htmlText('<p>A&amp;B &lt;C&gt;&nbsp;<strong>強調</strong></p><p>次</p>')).toBe('A&B <C>\u00a0強調次');
  });
});

describe('withSafeUrls', () => {
  it('removes an href or src whose scheme is not ours, however it is spelt', () => {
    for (const href of ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', '&#106;avascript:alert(1)', 'java&#x09;script:x', 'javascript&colon;x', 'java&NewLine;script:x', 'data:text/html,x', 'vbscript:x']) {
      expect(withSafeUrls(`<p><a href="${href}" title="t">x</a></p>`), href).toBe('<p><a title="t">x</a></p>');
    }
    expect(withSafeUrls('<img src="http://img.example/a.png" alt="" />')).toBe('<img alt="" />');
    const kept = '<p>href="javascript:x"</p><a href="https://a.example/?b=1&amp;c=2">a</a><a href="mailto:a@example.jp">m</a><a href="#top">t</a><img src="https://img.example/a.png" />';
    expect(withSafeUrls(kept)).toBe(kept);
  });
});

describe('renderTemplate', () => {
  const template = {
    sender_name: '{{company_name}} 総務部', sender_local_part: 'soumu',
    subject: '{{name}}さんへ', html_body: '<p title="{{name}}">{{name}} 様</p><a href="{{url}}">確認</a>', text_body: '{{name}} 様 {{url}}',
  };
  const hostile = { ...sampleValues(new Date('2026-11-24T00:00:00Z')), name: '<script>alert("x")</script>&"\'', company_name: '株式会社\r\nBcc: evil@example.com', url: 'https://kizuki.test/t/a?b=1&c=2' };

  it('escapes values in the HTML part, text and attributes alike', () => {
    const rendered = renderTemplate(template, hostile, 'training.kizuki.example');
    expect(rendered.html).toBe('<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&quot;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&quot;&#39; 様</p><a href="https://kizuki.test/t/a?b=1&amp;c=2">確認</a>');
    expect(rendered.html).not.toContain('<script');
    expect(rendered.text).toBe(`${hostile.name} 様 https://kizuki.test/t/a?b=1&c=2`);
  });

  it('never renders a link a person’s value turned into script, even in a template stored before the rule', () => {
    const legacy = { ...template, html_body: '<p><a href="{{name}}">{{name}}</a><a href="{{url}}">確認</a></p>' };
    const rendered = renderTemplate(legacy, { ...hostile, name: 'javascript:alert(document.domain)', url: ' javascript:alert(1)' }, 'training.kizuki.example');
    expect(rendered.html).toBe('<p><a>javascript:alert(document.domain)</a><a>確認</a></p>');
  });

  it('keeps header values on one line and sends from the lure’s sender on the training domain', () => {
    const rendered = renderTemplate(template, hostile, 'training.kizuki.example');
    expect(rendered.from).toEqual({ name: '株式会社 Bcc: evil@example.com 総務部', address: 'soumu@training.kizuki.example' });
    expect(rendered.fromLine).toBe('株式会社 Bcc: evil@example.com 総務部 <soumu@training.kizuki.example>');
    expect(rendered.subject).not.toMatch(/[\r\n]/);
  });

  it('dates in Japanese, Japan time', () => {
    expect(sampleValues(new Date('2026-11-23T15:30:00Z')).date).toBe('2026年11月24日');
  });
});
