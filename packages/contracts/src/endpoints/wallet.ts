import { endpoint } from './endpoint';

/** Wallets, their records and member-to-member transfers (docs/product/wallet.md). */
export const walletEndpoints = {
  recordList: endpoint('GET', '/api/wallet/recordList'),
  invariant: endpoint('GET', '/api/wallet/admin/invariant'),
  transferList: endpoint('GET', '/api/wallet/transferList'),
  recipient: endpoint('GET', '/api/wallet/recipient'),
  sendTransfer: endpoint('POST', '/api/wallet/sendTransfer'),
  summary: endpoint('GET', '/api/wallet/:id'),
  records: endpoint('GET', '/api/wallet/:id/record'),
};
