import { defineMessages } from '../locales';

/** Saved views and columns of the list screens (docs/product/members.md, "Saved views and columns"). */
export const viewsMessages = defineMessages(
  {
    'views.saved': 'View "{name}" saved',
    'views.deleted': 'View deleted',
    'views.duplicateName': 'You already have a view named "{name}" on this list',
    'views.tooMany': 'At most {max} saved views per list: delete one first',
    'views.columnsSaved': 'Columns saved',
  },
  {
    'views.saved': '已儲存檢視「{name}」',
    'views.deleted': '檢視已刪除',
    'views.duplicateName': '此列表已有名為「{name}」的檢視',
    'views.tooMany': '每個列表最多可儲存 {max} 個檢視，請先刪除一個',
    'views.columnsSaved': '欄位已儲存',
  },
  {
    'views.saved': '已保存视图“{name}”',
    'views.deleted': '视图已删除',
    'views.duplicateName': '此列表已有名为“{name}”的视图',
    'views.tooMany': '每个列表最多可保存 {max} 个视图，请先删除一个',
    'views.columnsSaved': '列已保存',
  },
);
