import { endpoint } from './endpoint';

/** Orders: the list, one order, refunds, exports, imports and the shop's ingest (docs/product/orders.md). */
export const orderEndpoints = {
  options: endpoint('GET', '/api/orders/options'),
  list: endpoint('POST', '/api/orders/list'),
  item: endpoint('GET', '/api/orders/item/:orderNo'),
  exportRefund: endpoint('POST', '/api/orders/export-refund'),
  refundWallet: endpoint('POST', '/api/orders/refund-wallet'),
  exportGimToRaymond: endpoint('POST', '/api/orders/export-gim-to-raymond'),
  import: endpoint('POST', '/api/orders/import'),
  ingest: endpoint('POST', '/api/orders/ingest'),
};
