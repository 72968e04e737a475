import { defineMessages } from '@app/contracts';

/** The header search (docs/product/search.md). */
export const searchUiMessages = defineMessages(
  {
    'search.ui.open': 'Search',
    'search.ui.shortcut': 'Search (press / or Ctrl+K)',
    'search.ui.placeholder': 'Member ID, name, e-mail, phone, WordPress ID or order number',
    'search.ui.hint': 'Type to find members and orders. ↑ ↓ choose, Enter opens, Esc closes.',
    'search.ui.members': 'Members',
    'search.ui.orders': 'Orders',
    'search.ui.empty': 'Nothing found',
  },
  {
    'search.ui.open': '搜尋',
    'search.ui.shortcut': '搜尋（按 / 或 Ctrl+K）',
    'search.ui.placeholder': '會員編號、名稱、電郵、電話、WordPress ID 或訂單號',
    'search.ui.hint': '輸入以搜尋會員及訂單。↑ ↓ 選擇，Enter 開啟，Esc 關閉。',
    'search.ui.members': '會員',
    'search.ui.orders': '訂單',
    'search.ui.empty': '找不到結果',
  },
  {
    'search.ui.open': '搜索',
    'search.ui.shortcut': '搜索（按 / 或 Ctrl+K）',
    'search.ui.placeholder': '会员编号、名称、邮箱、电话、WordPress ID 或订单号',
    'search.ui.hint': '输入以搜索会员及订单。↑ ↓ 选择，Enter 打开，Esc 关闭。',
    'search.ui.members': '会员',
    'search.ui.orders': '订单',
    'search.ui.empty': '没有找到结果',
  },
);
