import { ContentAdminPage } from './ContentAdminPage';
import { ContentFeedPage } from './ContentFeedPage';

/** The four menu pages of the content: announcements and the Information Center, each to manage and to read. */
export const AnnouncementsAdminPage = () => (
  <ContentAdminPage kind="announcement" titleKey="menu.announcements" />
);
export const InformationAdminPage = () => (
  <ContentAdminPage kind="article" titleKey="menu.informationCenter" />
);
export const AnnouncementsFeedPage = () => (
  <ContentFeedPage kind="announcement" titleKey="menu.announcements" />
);
export const InformationFeedPage = () => <ContentFeedPage kind="article" titleKey="menu.informationCenter" />;
