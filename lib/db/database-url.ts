import path from "node:path";
import type { ClientConfig } from "pg";
import { parseIntoClientConfig } from "pg-connection-string";
import { dataDir } from "@/lib/config/data-dir";

export type DbProvider = "sqlite" | "postgresql";

export type DatabaseTarget = {
  provider: DbProvider;
  /** For SQLite an absolute `file:` URL; for PostgreSQL the connection URL as given. */
  url: string;
};

/**
 * Reads DATABASE_URL (default: SQLite file `<data dir>/playhead.db`).
 * `file:` URLs are SQLite (relative paths resolve against the working directory);
 * `postgres://` / `postgresql://` URLs are PostgreSQL. Anything else is refused by name.
 */
export function databaseTarget(raw: string | undefined = process.env.DATABASE_URL): DatabaseTarget {
  const value = raw?.trim() || `file:${path.join(dataDir(), "playhead.db")}`;
  if (value.startsWith("file:")) {
    const file = value.slice("file:".length);
    return { provider: "sqlite", url: `file:${path.resolve(file)}` };
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { provider: "postgresql", url: value };
  throw new Error(
    `DATABASE_URL must start with "file:" (SQLite) or "postgresql://" (PostgreSQL); got "${value.split(":")[0]}:..."`,
  );
}

/**
 * A PostgreSQL URL as node-postgres client options (discrete options, so a `database` override by
 * the caller is honoured), read by node-postgres's own parser (pg-connection-string) so that what
 * libpq users write works here too: `?host=/var/run/postgresql` (a Unix-socket directory: no TCP
 * on the same machine, `postgresql://playhead@localhost/playhead?host=/var/run/postgresql`),
 * `?sslmode=` (disable, or require / verify-ca / verify-full: TLS with the server's certificate
 * verified; `sslrootcert=` a CA file), `?application_name=`, `?options=`. Before, only the URL's
 * host, port, user, password and database were read and every query parameter was dropped
 * silently, `sslmode=require` included. An empty user or password is left unset (node-postgres's
 * own defaults: PGUSER, the system user, PGPASSWORD, ~/.pgpass); the host defaults to localhost.
 */
export function pgConfigFromUrl(url: string): ClientConfig {
  const { user, password, host, port, ...rest } = parseIntoClientConfig(url);
  return {
    ...rest,
    host: host || "localhost",
    port: port ? Number(port) : 5432,
    user: user || undefined,
    password: typeof password === "string" && password ? password : undefined,
  };
}
