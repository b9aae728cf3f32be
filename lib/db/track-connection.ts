import "server-only";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { forwarding } from "./forwarding";

export type TrackedFactory = {
  /** The factory to hand to the Prisma client. */
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** The adapter the client is connected through now (null before it connects and after it disconnects). */
  current: () => SqlDriverAdapter | null;
};

/**
 * Wraps a driver-adapter factory so that the adapter a Prisma client connects through can be
 * reached directly (lib/db/direct-sql.ts sends the hot path's fixed statements to it, on the same
 * connection or pool, and through the same SQLite transaction serializer). Forgotten when the
 * client disposes it ($disconnect), so a later statement waits for the next connection.
 */
export function trackConnection(inner: SqlMigrationAwareDriverAdapterFactory): TrackedFactory {
  let current: SqlDriverAdapter | null = null;
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      const adapter = await inner.connect();
      const dispose = async () => {
        if (current === tracked) current = null;
        await adapter.dispose();
      };
      const tracked: SqlDriverAdapter = forwarding(adapter, { dispose });
      current = tracked;
      return tracked;
    },
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
  return { factory, current: () => current };
}
