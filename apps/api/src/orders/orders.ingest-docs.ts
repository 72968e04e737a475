import { z } from 'zod';
import type { RouteDocs } from '../platform/http/route';

/** What the shop platform reads about POST /api/orders/ingest in the OpenAPI document. */
export const ingestDocs: RouteDocs = {
  summary: 'Post one order from the shop platform',
  security: [{ ingestKey: [] }, { bearerAuth: [] }],
  headers: z.object({
    'x-api-key': z
      .string()
      .optional()
      .meta({ description: "The server's ORDERS_INGEST_KEY setting (the shop platform's key)." }),
  }),
  description: `The shop platform posts each order here, once it is placed and again whenever it wants to be
sure it arrived.

**Credentials**, either of:
- \`x-api-key\` equal to the server's ORDERS_INGEST_KEY setting (no session needed; when the setting is unset,
  no key is accepted);
- \`Authorization: Bearer <token>\` of an administrator holding permission 6 (Orders).

Every order created is audited: by the administrator, or by the system from the shop's address for a key.

Neither: 401 (\`msg\` "Invalid ingestion key"); a signed-in user who is not such an administrator: 403.

**Retries and duplicates** are safe, by \`platform_order_no\`: the first post stores the order and answers
\`created: true\`; every later post with the same \`platform_order_no\` (a retry after a timeout, a duplicate
delivery, two posts at once) stores nothing and answers the stored order with \`created: false\`, provided it
states what the first did: the same buyer, referer, status, subtype, source type, amount and sales points, and
each product, provider, figure and time it gives. A later post stating anything else is refused with 409 (\`msg\`
"This order number was already posted with different details"): posting again does not correct an order, and
never seems to. This route does not read
the \`Idempotency-Key\` header: \`platform_order_no\` is its key, kept for as long as the order exists.

**Body** (JSON; numbers may also be sent as strings):
- \`platform_order_no\` (required): the shop's order number, unique.
- The buyer by \`user_no\` (member id) or \`wordpress_id\`; one of them must name a known member (422 on
  \`user_no\` or \`wordpress_id\`). \`referer_user_no\` optionally names the referrer.
- The product by \`product_id\` or \`product_name\` (one is required); \`provider_no\` overrides the product's
  provider. A membership order (\`source_type\` 1) that is not a refund must name a product that grants a level
  (422 on \`product_id\`); the completed order raises the buyer to that level.
- \`source_type\`: 1 membership, 2 paid course, 3 AI profiling. \`status\`: 1 (default) done, 0 or 2 not done.
- \`amount\` (required), \`platform_profit\`, \`platform_rebate\`, \`supplier_rebate\`: decimal amounts ("12.50"),
  never negative, at most 2 decimals and 100,000,000.00; \`sales_point\` a whole number from 0. Absent figures are computed from the provider's proportion (supplier rebate = amount × proportion,
  platform rebate 0, platform profit = amount − rebates); a given figure, 0 included, is kept.
- A refund row names the refunded order in \`platform_order_no_origin\` and carries \`refund_no\`.
- \`order_at\`, \`completed_at\`: ISO 8601 times with an offset, of the years 2000 to 2099; \`order_at\` defaults
  to now, \`completed_at\` to \`order_at\` for a done order.

**Answer:** \`data: { order_no, platform_order_no, created }\` (\`order_no\` is this system's number).
A refused field answers 422 with \`data.errors: [{ field, message }]\`.`,
};
