import { defineMessages } from '../locales';

/** A forgotten password set again through a link sent by e-mail (docs/product/access.md). */
export const passwordResetMessages = defineMessages(
  {
    'access.resetRequested':
      'If this account exists and has an e-mail address, a link to set a new password is on its way; it works for {minutes} minutes',
    'access.resetUnavailable':
      'Passwords cannot be reset by e-mail here; please ask an administrator to set a new one',
    'access.resetLinkInvalid': 'This link has expired or was already used; please ask for a new one',
    'access.passwordResetDone': 'Your new password is set; please sign in with it',
    'access.resetMail.subject': 'Set a new password for {site}',
    'access.resetMail.body':
      'Hello {name},\n\nSomeone, hopefully you, asked to set a new password for the account {name} of {site}. Open this link within {minutes} minutes to set it:\n\n{link}\n\nThe link works once. If you did not ask, ignore this mail: your password stays as it is.',
  },
  {
    'access.resetRequested': '如此帳戶存在並有電郵地址，設定新密碼的連結已寄出，{minutes} 分鐘內有效',
    'access.resetUnavailable': '此處無法以電郵重設密碼，請聯絡管理員設定新密碼',
    'access.resetLinkInvalid': '此連結已過期或已使用，請重新申請',
    'access.passwordResetDone': '新密碼已設定，請以新密碼登入',
    'access.resetMail.subject': '為 {site} 設定新密碼',
    'access.resetMail.body':
      '{name} 你好：\n\n有人（希望是你）申請為 {site} 的帳戶 {name} 設定新密碼。請在 {minutes} 分鐘內打開以下連結設定：\n\n{link}\n\n連結只可使用一次。如非你本人申請，請忽略此郵件，你的密碼不會改變。',
  },
  {
    'access.resetRequested': '如该账户存在并有电子邮箱，设置新密码的链接已发出，{minutes} 分钟内有效',
    'access.resetUnavailable': '此处无法通过电子邮件重置密码，请联系管理员设置新密码',
    'access.resetLinkInvalid': '此链接已过期或已使用，请重新申请',
    'access.passwordResetDone': '新密码已设置，请使用新密码登录',
    'access.resetMail.subject': '为 {site} 设置新密码',
    'access.resetMail.body':
      '{name}，您好：\n\n有人（希望是您）申请为 {site} 的账户 {name} 设置新密码。请在 {minutes} 分钟内打开以下链接进行设置：\n\n{link}\n\n链接只能使用一次。如非您本人申请，请忽略此邮件，您的密码不会改变。',
  },
);
