import { defineMessages } from '../locales';

/** Spreadsheet imports: what an uploaded file may hold (checked before its rows are read). */
export const importsMessages = defineMessages(
  {
    'import.fileTooLarge': 'The file is larger than {limit} MB',
    'import.notXlsx': 'The file is not a valid .xlsx workbook',
    'import.tooManyParts': 'The workbook has more than {limit} parts',
    'import.partTooLarge': 'A sheet of this workbook unpacks to more than {limit} MB',
    'import.unpackedTooLarge': 'This workbook unpacks to more than {limit} MB',
    'import.zipBomb': 'This workbook is packed suspiciously tightly and was refused',
    'import.sharedStringsTooLarge': 'The texts of this workbook unpack to more than {limit} MB',
    'import.cellTooLong': 'A cell of this workbook holds more than {limit} KB of text',
    'import.tooManyRows': 'The file has more than {limit} rows; split it into smaller files',
  },
  {
    'import.fileTooLarge': '文件大於 {limit} MB',
    'import.notXlsx': '此文件不是有效的 .xlsx 工作簿',
    'import.tooManyParts': '此工作簿的組成部分超過 {limit} 個',
    'import.partTooLarge': '此工作簿有工作表解壓後超過 {limit} MB',
    'import.unpackedTooLarge': '此工作簿解壓後超過 {limit} MB',
    'import.zipBomb': '此工作簿的壓縮比例異常，已被拒絕',
    'import.sharedStringsTooLarge': '此工作簿的文字解壓後超過 {limit} MB',
    'import.cellTooLong': '此工作簿有儲存格的文字超過 {limit} KB',
    'import.tooManyRows': '文件超過 {limit} 行，請拆分為較小的文件',
  },
  {
    'import.fileTooLarge': '文件大于 {limit} MB',
    'import.notXlsx': '此文件不是有效的 .xlsx 工作簿',
    'import.tooManyParts': '此工作簿的组成部分超过 {limit} 个',
    'import.partTooLarge': '此工作簿有工作表解压后超过 {limit} MB',
    'import.unpackedTooLarge': '此工作簿解压后超过 {limit} MB',
    'import.zipBomb': '此工作簿的压缩比例异常，已被拒绝',
    'import.sharedStringsTooLarge': '此工作簿的文字解压后超过 {limit} MB',
    'import.cellTooLong': '此工作簿有单元格的文字超过 {limit} KB',
    'import.tooManyRows': '文件超过 {limit} 行，请拆分为较小的文件',
  },
);
