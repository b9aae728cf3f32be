import "server-only";
import { directSql } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";

/** What the request path needs of an account: who, what role, and whether its sessions still hold. */
export type UserRow = { id: string; email: string; name: string; role: Role; active: boolean; sessionVersion: number };

/**
 * An account by id, or null. One fixed parameterised SELECT (the same SQL for SQLite and
 * PostgreSQL) sent straight to the driver adapter (lib/db/direct-sql.ts): it runs on every
 * request, the streaming hot path included.
 */
export async function userById(id: string): Promise<UserRow | null> {
  return userOf(await directSql.query`SELECT "id", "email", "name", "role", "active", "sessionVersion" FROM "User" WHERE "id" = ${id}`);
}

/** An account by its (unique) e-mail address, or null; as {@link userById}. */
export async function userByEmail(email: string): Promise<UserRow | null> {
  return userOf(await directSql.query`SELECT "id", "email", "name", "role", "active", "sessionVersion" FROM "User" WHERE "email" = ${email}`);
}

function userOf(rows: Record<string, unknown>[]): UserRow | null {
  const r = rows[0];
  if (!r) return null;
  return {
    id: String(r.id),
    email: String(r.email),
    name: String(r.name),
    role: String(r.role) as Role,
    // SQLite keeps booleans as 0 / 1.
    active: r.active === true || Number(r.active) === 1,
    sessionVersion: Number(r.sessionVersion),
  };
}
