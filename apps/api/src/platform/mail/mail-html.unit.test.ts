import { describe, expect, it } from 'vitest';
import { mailHtml } from './mail-html';

describe('a mail’s HTML part', () => {
  it('has the text’s paragraphs and lines, its addresses as links', () => {
    expect(
      mailHtml('Hello Ada,\n\nOpen:\nhttps://office.example.com/reset-password?token=a-b_c\n\nBye'),
    ).toBe(
      '<p>Hello Ada,</p>\n' +
        '<p>Open:<br><a href="https://office.example.com/reset-password?token=a-b_c">' +
        'https://office.example.com/reset-password?token=a-b_c</a></p>\n' +
        '<p>Bye</p>',
    );
  });

  it('escapes every text, so none becomes markup', () => {
    expect(mailHtml('<b>"Ada" & \'Bob\'</b>')).toBe(
      '<p>&lt;b&gt;&quot;Ada&quot; &amp; &#39;Bob&#39;&lt;/b&gt;</p>',
    );
  });
});
