import { defineMessages } from '@app/contracts';

/** The workplace (/dashboard/workplace); `dashboard.figure.<key>` labels the figures the API returns. */
export const dashboardMessages = defineMessages(
  {
    'dashboard.welcome': 'Welcome, {name}',
    'dashboard.membersPerLevel': 'Members per level',
    'dashboard.level': 'Level',
    'dashboard.count': 'Members',
    'dashboard.figure.totalMembers': 'Total members',
    'dashboard.figure.newMembersThisMonth': 'New members this month',
    'dashboard.figure.admins': 'Administrators',
    'dashboard.figure.downline': 'Downline members',
    'dashboard.figure.directReferrals': 'Direct referrals',
    'dashboard.figure.level': 'My level',
  },
  {
    'dashboard.welcome': '歡迎，{name}',
    'dashboard.membersPerLevel': '各等級會員數',
    'dashboard.level': '等級',
    'dashboard.count': '會員數',
    'dashboard.figure.totalMembers': '會員總數',
    'dashboard.figure.newMembersThisMonth': '本月新會員',
    'dashboard.figure.admins': '管理員',
    'dashboard.figure.downline': '下線會員',
    'dashboard.figure.directReferrals': '直接推薦',
    'dashboard.figure.level': '我的等級',
  },
  {
    'dashboard.welcome': '欢迎，{name}',
    'dashboard.membersPerLevel': '各等级会员数',
    'dashboard.level': '等级',
    'dashboard.count': '会员数',
    'dashboard.figure.totalMembers': '会员总数',
    'dashboard.figure.newMembersThisMonth': '本月新会员',
    'dashboard.figure.admins': '管理员',
    'dashboard.figure.downline': '下线会员',
    'dashboard.figure.directReferrals': '直接推荐',
    'dashboard.figure.level': '我的等级',
  },
);
