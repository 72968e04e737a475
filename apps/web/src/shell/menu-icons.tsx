import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  ClusterOutlined,
  CrownOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileOutlined,
  NotificationOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  StarOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icon names of contracts MENU (and of stored permissions) → antd icons. */
const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  apartment: ApartmentOutlined,
  cluster: ClusterOutlined,
  team: TeamOutlined,
  'bar-chart': BarChartOutlined,
  shopping: ShoppingOutlined,
  shop: ShopOutlined,
  appstore: AppstoreOutlined,
  wallet: WalletOutlined,
  'account-book': AccountBookOutlined,
  bank: BankOutlined,
  swap: SwapOutlined,
  dollar: DollarOutlined,
  setting: SettingOutlined,
  audit: AuditOutlined,
  crown: CrownOutlined,
  star: StarOutlined,
  rise: RiseOutlined,
  trophy: TrophyOutlined,
  tags: TagsOutlined,
  notification: NotificationOutlined,
  read: ReadOutlined,
  'shopping-cart': ShoppingCartOutlined,
  user: UserOutlined,
  safety: SafetyOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? FileOutlined;
  return <Icon />;
}
