/** Every table, domain by domain. drizzle-kit reads this file to generate migrations. */
export * from './access/access.schema';
export * from './bonus/bonus.schema';
export * from './content/content.schema';
export * from './members/members.schema';
export * from './notifications/notifications.schema';
export * from './orders/orders.schema';
export * from './platform/audit/audit.schema';
export * from './platform/business-time/business-time.schema';
export * from './platform/http/idempotency.schema';
export * from './platform/jobs/jobs.schema';
export * from './products/products.schema';
export * from './programmes/programmes.schema';
export * from './providers/providers.schema';
export * from './recharge/recharge.schema';
export * from './tree/tree.schema';
export * from './wallet/wallet.schema';
export * from './withdrawals/withdrawals.schema';
