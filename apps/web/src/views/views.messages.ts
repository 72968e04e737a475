import { defineMessages } from '@app/contracts';

/** The saved views and columns of the list screens (docs/product/members.md, "Saved views and columns"). */
export const viewsUiMessages = defineMessages(
  {
    'views.ui.views': 'Views',
    'views.ui.none': 'No saved views yet',
    'views.ui.saveCurrent': 'Save current view…',
    'views.ui.saveTitle': 'Save the current filters as a view',
    'views.ui.name': 'Name',
    'views.ui.save': 'Save',
    'views.ui.delete': 'Delete view {name}',
    'views.ui.deleteConfirm': 'Delete the view "{name}"?',
    'views.ui.columns': 'Columns',
    'views.ui.showAll': 'Show all',
  },
  {
    'views.ui.views': '檢視',
    'views.ui.none': '尚未儲存任何檢視',
    'views.ui.saveCurrent': '儲存目前檢視…',
    'views.ui.saveTitle': '將目前的篩選儲存為檢視',
    'views.ui.name': '名稱',
    'views.ui.save': '儲存',
    'views.ui.delete': '刪除檢視 {name}',
    'views.ui.deleteConfirm': '刪除檢視「{name}」？',
    'views.ui.columns': '欄位',
    'views.ui.showAll': '顯示全部',
  },
  {
    'views.ui.views': '视图',
    'views.ui.none': '尚未保存任何视图',
    'views.ui.saveCurrent': '保存当前视图…',
    'views.ui.saveTitle': '将当前的筛选保存为视图',
    'views.ui.name': '名称',
    'views.ui.save': '保存',
    'views.ui.delete': '删除视图 {name}',
    'views.ui.deleteConfirm': '删除视图“{name}”？',
    'views.ui.columns': '列',
    'views.ui.showAll': '显示全部',
  },
);
