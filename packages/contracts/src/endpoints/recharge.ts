import { endpoint } from './endpoint';

/** Recharges: administrators record, complete or reject them (docs/product/recharge.md). */
export const rechargeEndpoints = {
  list: endpoint('GET', '/api/recharge/list'),
  create: endpoint('POST', '/api/recharge/create'),
  complete: endpoint('POST', '/api/recharge/complete/:id'),
  reject: endpoint('POST', '/api/recharge/reject/:id'),
  bulk: endpoint('POST', '/api/recharge/bulk'),
  proof: endpoint('GET', '/api/recharge/:id/proof'),
};
