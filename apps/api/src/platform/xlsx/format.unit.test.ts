import { PassThrough } from 'node:stream';
import { LOCALES, type Locale } from '@app/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from './export';
import { sheetFormat } from './format';

interface Row {
  no: string;
  status: 0 | 1;
  amount: string;
  at: string;
}

const columns = (locale: Locale) => {
  const f = sheetFormat({ locale, timeZone: 'Asia/Hong_Kong' });
  return [
    f.text('walletUi.recordNo', (r: Row) => r.no),
    f.label('walletUi.status', (r: Row) => (r.status ? 'walletUi.state.complete' : 'walletUi.state.pending')),
    f.money('walletUi.amount', (r: Row) => r.amount),
    f.time('walletUi.time', (r: Row) => r.at),
  ];
};

async function sheetOf(locale: Locale) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* batches() {
    yield [{ no: '=W1', status: 1, amount: '1234567.80', at: '2026-11-24T21:15:54Z' } satisfies Row];
  }
  await writeXlsx(out, columns(locale), batches());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as never);
  return book.worksheets[0]!;
}

const expected = {
  'en-US': { headers: ['Record No', 'Status', 'Amount', 'Time'], status: 'Complete' },
  'zh-HK': { headers: ['記錄編號', '狀態', '金額', '時間'], status: '已完成' },
  'zh-CN': { headers: ['记录编号', '状态', '金额', '时间'], status: '已完成' },
} as const;

describe('sheetFormat', () => {
  it.each(LOCALES)(
    'writes %s headers and labels, times in the reader’s zone, money as numbers',
    async (locale) => {
      const sheet = await sheetOf(locale);
      expect(sheet.getRow(1).values).toEqual([undefined, ...expected[locale].headers]);
      const row = sheet.getRow(2);
      expect(row.getCell(1).value).toBe("'=W1");
      expect(row.getCell(2).value).toBe(expected[locale].status);
      expect(row.getCell(3).value).toBe(1234567.8);
      expect(row.getCell(3).numFmt).toBe('#,##0.00');
      expect(row.getCell(4).value).toBe('2026-11-25 05:15');
    },
  );
});
