import { describe, expect, it } from 'vitest';
import { XmlTokenMeter } from './xml-tokens';

/** The longest token of `xml`, written whole and written a byte at a time (a token split between chunks). */
function longest(xml: string) {
  const whole = new XmlTokenMeter();
  whole.write(Buffer.from(xml));
  const bytewise = new XmlTokenMeter();
  for (const byte of Buffer.from(xml)) bytewise.write(Buffer.from([byte]));
  expect(bytewise.longest).toBe(whole.longest);
  return whole.longest;
}

describe('XmlTokenMeter', () => {
  it('measures texts between tags and tags whole, in bytes', () => {
    expect(longest('<si><t>hello</t></si>')).toBe(5);
    expect(longest(`<si><t>${'文'.repeat(10)}</t></si>`)).toBe(30);
    expect(longest('<c r="A1" t="s"><v>0</v></c>')).toBe('<c r="A1" t="s">'.length);
  });

  it('reads a > inside a quoted attribute as part of its tag', () => {
    expect(longest(`<c a="${'>'.repeat(50)}" b='x>'/>`)).toBe(`<c a="${'>'.repeat(50)}" b='x>'/>`.length);
  });

  it('measures a CDATA section or a comment whole, whatever it holds', () => {
    const cdata = `<![CDATA[a<b>"c'${'x'.repeat(40)}]]>`;
    expect(longest(`<t>${cdata}</t>`)).toBe(cdata.length);
    const comment = `<!-- <a href="x"> ${'y'.repeat(40)} -->`;
    expect(longest(`<r>${comment}<c/></r>`)).toBe(comment.length);
  });

  it('counts the token still open at the end of what was written', () => {
    const meter = new XmlTokenMeter();
    meter.write(Buffer.from(`<t>${'z'.repeat(1000)}`));
    expect(meter.longest).toBe(1000);
  });
});
