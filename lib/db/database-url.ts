import path from "node:path";
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

/** Splits a PostgreSQL URL into discrete pg options (so a `database` override is honoured). */
export function pgConfigFromUrl(url: string) {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname) || "localhost",
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
  };
}
