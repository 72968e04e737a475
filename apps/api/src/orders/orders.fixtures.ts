import {
  type OrderIngestBody,
  orderIngestBody,
  type ProductBody,
  type ProviderBody,
  productBody,
  providerBody,
} from '@app/contracts';
import { systemCaller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { createProduct } from '../products/products.service';
import { createProvider } from '../providers/providers.service';
import { ingestOrder, resolveOrder } from './orders.service';

/** Builds providers, products and orders through the services the API uses (test data). */
export class SalesFixtures {
  private next = 1;
  constructor(private readonly db: Db) {}

  provider(overrides: Partial<ProviderBody> = {}) {
    const n = this.next++;
    return createProvider(
      this.db,
      systemCaller(),
      providerBody.parse({
        name: `Provider ${n}`,
        proportion: '10',
        email: `p${n}@test.local`,
        ...overrides,
      }),
    );
  }

  product(overrides: Partial<ProductBody> = {}) {
    return createProduct(
      this.db,
      systemCaller(),
      productBody.parse({
        name: `Product ${this.next++}`,
        price: '100',
        sales_points: 100,
        source_type: 2,
        ...overrides,
      }),
    );
  }

  async order(overrides: Partial<OrderIngestBody> & { user_no: string }) {
    const input = orderIngestBody.parse({
      platform_order_no: `PO-${this.next++}`,
      source_type: 2,
      product_name: 'Course',
      amount: '100',
      sales_point: 100,
      ...overrides,
    });
    return (await ingestOrder(this.db, await resolveOrder(this.db, input))).order;
  }
}

/** For tests: a scope that fails to be added (totals/scopes.ts) fails the run, as an unhandled rejection. */
export const surfaced = (error: unknown) => {
  throw error;
};
