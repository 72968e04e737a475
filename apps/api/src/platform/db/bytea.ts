import { customType } from 'drizzle-orm/pg-core';

/** Binary data as a Buffer (node-postgres gives Buffers, PGlite Uint8Arrays). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
