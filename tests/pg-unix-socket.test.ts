import { testDb } from "@/tests/support/test-db";
import { describe, expect, it } from "vitest";
import { adapterFactory } from "@/lib/db/adapter-factory";

/**
 * DATABASE_URL in libpq's Unix-socket form (`?host=/var/run/postgresql`, docs/deploy.md): the
 * app's own connections (adapterFactory, which also serves migrations) reach the same database
 * over the socket, not TCP. The server reports no address for a Unix-socket connection
 * (inet_server_addr() is NULL); before pgConfigFromUrl read `?host=`, the query parameter was
 * dropped and the connection went to localhost over TCP.
 */
const SOCKET_DIR = process.env.PG_SOCKET_DIR ?? "/var/run/postgresql";

describe.skipIf(testDb.provider !== "postgresql")("PostgreSQL over a Unix socket", () => {
  it("a ?host=<directory> URL connects through the socket to the named database", async () => {
    const tcp = new URL(testDb.url);
    const socketUrl = `postgresql://${tcp.username}@localhost${tcp.pathname}?host=${encodeURIComponent(SOCKET_DIR)}`;
    const adapter = await adapterFactory({ provider: "postgresql", url: socketUrl }).connect();
    try {
      const result = await adapter.queryRaw({ sql: "SELECT inet_server_addr()::text AS addr, current_database() AS db", args: [], argTypes: [] });
      expect(result.rows).toEqual([[null, decodeURIComponent(tcp.pathname.slice(1))]]);
    } finally {
      await adapter.dispose();
    }
    // The same test database over TCP, for contrast: the server names its address.
    const overTcp = await adapterFactory({ provider: "postgresql", url: testDb.url }).connect();
    try {
      const result = await overTcp.queryRaw({ sql: "SELECT inet_server_addr()::text AS addr", args: [], argTypes: [] });
      expect(result.rows[0][0]).toMatch(/^127\.0\.0\.1|^::1/);
    } finally {
      await overTcp.dispose();
    }
  });
});
