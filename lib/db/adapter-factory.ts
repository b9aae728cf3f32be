import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pgConfigFromUrl, type DatabaseTarget } from "./database-url";

/** The Prisma driver-adapter factory for a database target. Creates the SQLite file's directory. */
export function adapterFactory(target: DatabaseTarget) {
  if (target.provider === "sqlite") {
    const file = target.url.slice("file:".length);
    mkdirSync(path.dirname(file), { recursive: true });
    return new PrismaBetterSqlite3({ url: target.url, timeout: 10_000 });
  }
  return new PrismaPg({ ...pgConfigFromUrl(target.url), max: Number(process.env.PLAYHEAD_PG_POOL ?? 10) });
}
