import { defineMessages } from '../locales';

/** Announcements, Information Center and the public settings (`GET /api/common/config`). */
export const contentMessages = defineMessages(
  {
    'content.notFound': 'This announcement or article does not exist',
    'content.bodyEmpty': 'The content cannot be empty',
    'content.levelNotFound': 'Unknown member level',
    'content.attachmentNotFound': 'The attachment does not exist or belongs to another item',
    'content.attachmentType': 'Only PNG, JPEG, GIF, WebP images and PDF files can be attached',
    'content.attachmentTooLarge': 'An attachment can be at most 5 MB',
    'content.uploaded': 'Upload successful',
    'site.name': 'Membership Back-office',
  },
  {
    'content.notFound': '此公告或文章不存在',
    'content.bodyEmpty': '內容不能為空',
    'content.levelNotFound': '未知的會員等級',
    'content.attachmentNotFound': '附件不存在或屬於其他項目',
    'content.attachmentType': '只可附加 PNG、JPEG、GIF、WebP 圖片及 PDF 文件',
    'content.attachmentTooLarge': '附件最大為 5 MB',
    'content.uploaded': '上傳成功',
    'site.name': '會員管理後台',
  },
  {
    'content.notFound': '此公告或文章不存在',
    'content.bodyEmpty': '内容不能为空',
    'content.levelNotFound': '未知的会员等级',
    'content.attachmentNotFound': '附件不存在或属于其他项目',
    'content.attachmentType': '只可附加 PNG、JPEG、GIF、WebP 图片及 PDF 文件',
    'content.attachmentTooLarge': '附件最大为 5 MB',
    'content.uploaded': '上传成功',
    'site.name': '会员管理后台',
  },
);
