/**
 * Explain this payout (docs/product/bonus.md): how one payout came about, recomputed by the settlement engine with the
 * rules of its run. Code outside this folder imports only this file.
 */
export { explainRoutes } from './explain.routes';
