import { endpoint } from './endpoint';

/** Members apply and cancel from /wallet; administrators work the /withdraw list. */
export const withdrawalEndpoints = {
  apply: endpoint('POST', '/api/wallet/create-withdraw-record'),
  cancel: endpoint('POST', '/api/wallet/:id/update-withdraw-record'),
  mine: endpoint('GET', '/api/wallet/withdraw-record'),
  list: endpoint('GET', '/api/wallet/admin/list'),
  view: endpoint('GET', '/api/wallet/withdraw/:id'),
  step: endpoint('POST', '/api/wallet/admin/next/:id'),
  bulk: endpoint('POST', '/api/wallet/admin/bulk'),
};
