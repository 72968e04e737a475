import {
  hasPermission,
  monthBody,
  orderEndpoints,
  orderIngestBody,
  orderListBody,
  Perm,
  refundExportBody,
  refundWalletBody,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refundAdmin } from '../config';
import { memberRef } from '../members/member.presenter';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { AccountCaller } from '../platform/caller';
import { AppError, forbidden, notFound } from '../platform/http/errors';
import { access, publicRoute, route } from '../platform/http/route';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { streamXlsx } from '../platform/xlsx/export';
import { startImport } from '../platform/xlsx/import';
import { isIngestKey } from './ingest-key';
import { orderExportJob } from './orders.export';
import { orderImport } from './orders.import';
import { ingestDocs } from './orders.ingest-docs';
import { anyOrder, type OrderJoinRow, orderByNo, toOrderDetail } from './orders.queries';
import { refundToWallet } from './orders.refund';
import { monthlyTransferColumns, monthlyTransferRows, refundColumns, refundRows } from './orders.reports';
import { ingestPostedOrder } from './orders.service';
import { orderFilterWhere, orderPageAndTotals } from './totals';

const personName = (viewer: AccountCaller) => (r: OrderJoinRow, who: 'buyer' | 'referer' | 'sponsor') =>
  memberRef(viewer, r[who])?.name ?? null;

/** Members may open an order bought in their own network. */
async function visibleOrder(
  viewer: AccountCaller,
  row: OrderJoinRow | undefined,
  inNetwork: () => Promise<boolean>,
) {
  if (!row) throw notFound('sales.orderNotFound');
  if (!viewer.isAdmin && !(await inNetwork())) throw notFound('sales.orderNotFound');
  return row;
}

const once = <T>(rows: T[] | Promise<T[]>) =>
  (async function* () {
    yield await rows;
  })();

const scopeErrorLog = (req: FastifyRequest) => (err: unknown) =>
  req.log.error({ err }, 'adding an orders totals scope failed');

export const orderRoutes = [
  /** What the orders screen may offer the caller: the refund confirmation only for the permitted account. */
  route({
    endpoint: orderEndpoints.options,
    access: access.holder(Perm.orders),
    handler: async ({ app, caller }) => ({
      can_refund: caller.isAdmin && caller.name === refundAdmin(app.config),
      is_admin: caller.isAdmin,
    }),
  }),
  route({
    endpoint: orderEndpoints.list,
    reads: 'replica',
    access: access.holder(Perm.orders),
    body: orderListBody,
    handler: async ({ app, caller, body, req, locale, timeZone }) => {
      if (!body.export)
        return orderPageAndTotals(app.db, caller, body, {
          ...app.config.ordersTotals,
          onScopeError: scopeErrorLog(req),
          scopeDb: app.replicas?.primary,
        });
      // The export numbers the orders it writes in a table of its own: a write, so on the primary.
      const primary = app.replicas?.primary ?? app.db;
      const where = await orderFilterWhere(primary, body, caller);
      const job = orderExportJob(primary, caller, body, where, personName(caller), { locale, timeZone });
      return startXlsxJob(app.jobs, job);
    },
  }),
  route({
    endpoint: orderEndpoints.item,
    access: access.holder(Perm.orders),
    params: z.object({ orderNo: z.string().trim().min(1, 'validation.required').max(100) }),
    handler: async ({ app, caller, params }) => {
      const row = await visibleOrder(caller, await orderByNo(app.db, params.orderNo), async () =>
        anyOrder(app.db, await orderFilterWhere(app.db, { order_no: params.orderNo } as never, caller)),
      );
      return toOrderDetail(caller, row);
    },
  }),
  route({
    endpoint: orderEndpoints.exportRefund,
    access: access.admin(Perm.orders),
    body: refundExportBody,
    handler: async ({ app, body, reply, locale, timeZone }) => {
      const rows = await refundRows(app.db, body.refund_no);
      // An unknown refund number is "Data not found", not an empty file.
      if (rows.length === 0) throw notFound();
      return streamXlsx(
        reply,
        `refund-${body.refund_no}.xlsx`,
        refundColumns({ locale, timeZone }),
        once(rows),
      );
    },
  }),
  route({
    endpoint: orderEndpoints.refundWallet,
    access: access.admin(Perm.orders),
    body: refundWalletBody,
    message: (refund: { reversed: number; already_refunded: boolean }) =>
      refund.already_refunded
        ? ['sales.alreadyRefunded']
        : ['sales.refundConfirmed', { count: refund.reversed }],
    handler: ({ app, caller, body }) => {
      if (caller.name !== refundAdmin(app.config)) throw new AppError(403, 'sales.refundNotAllowed');
      return app.db.transaction((tx) => refundToWallet(tx, caller, body.platform_order_no_origin));
    },
  }),
  route({
    endpoint: orderEndpoints.exportGimToRaymond,
    access: access.admin(Perm.orders),
    body: monthBody,
    handler: async ({ app, body, reply, locale, timeZone }) => {
      // The month is one of the business time zone; the times in the sheet are the reader's.
      const zone = await businessTimeZone(app.db);
      return streamXlsx(
        reply,
        `transfer-${body.month}.xlsx`,
        monthlyTransferColumns(body.month, { locale, timeZone }),
        once(monthlyTransferRows(app.db, body.month, zone)),
      );
    },
  }),
  route({
    endpoint: orderEndpoints.import,
    access: access.admin(Perm.orders),
    rawBody: true,
    handler: (ctx) => startImport(ctx, orderImport),
  }),
  /** The shop platform posts each order here with `x-api-key: ORDERS_INGEST_KEY`; admins with Perm.orders may too. */
  publicRoute({
    endpoint: orderEndpoints.ingest,
    body: orderIngestBody,
    docs: ingestDocs,
    handler: async ({ app, req, caller, body }) => {
      const byKey = isIngestKey(req.headers['x-api-key'], app.config.ordersIngestKey);
      const signedIn = caller.kind !== 'system';
      const byAdmin = signedIn && caller.isAdmin && hasPermission(caller.roleIds, Perm.orders);
      if (!byKey && !byAdmin) throw signedIn ? forbidden() : new AppError(401, 'sales.invalidApiKey');
      return app.db.transaction(async (tx) => {
        const { order, created } = await ingestPostedOrder(tx, caller, body);
        return { order_no: order.orderNo, platform_order_no: order.platformOrderNo, created };
      });
    },
  }),
];
