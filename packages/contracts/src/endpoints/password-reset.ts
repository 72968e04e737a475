import { endpoint } from './endpoint';

/** A forgotten password set again through a link sent by e-mail, before sign-in (docs/product/access.md). */
export const passwordResetEndpoints = {
  /** What the pages before sign-in need to know of the server: whether it sends mail. */
  publicSettings: endpoint('GET', '/api/config/public'),
  /** Mails a reset link to the account named, if there is one; the answer is the same either way. */
  request: endpoint('POST', '/api/password-reset'),
  /** Sets the new password with the link's token. */
  confirm: endpoint('POST', '/api/password-reset/confirm'),
};
