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
  return r ? rowOf(r.id, r.email, r.name, r.role, r.active, r.sessionVersion) : null;
}

/**
 * The user row a statement read alongside its own data (a LEFT JOIN of "User" by the deferred
 * caller's claimed id, lib/auth/deferred-caller.ts), its columns aliased `callerId`,
 * `callerEmail`, `callerName`, `callerRole`, `callerActive`, `callerSessionVersion`; null when the
 * join found no row.
 */
export function joinedCallerRow(r: Record<string, unknown>): UserRow | null {
  if (r.callerId === null || r.callerId === undefined) return null;
  return rowOf(r.callerId, r.callerEmail, r.callerName, r.callerRole, r.callerActive, r.callerSessionVersion);
}

function rowOf(id: unknown, email: unknown, name: unknown, role: unknown, active: unknown, sessionVersion: unknown): UserRow {
  return {
    id: String(id),
    email: String(email),
    name: String(name),
    role: String(role) as Role,
    // SQLite keeps booleans as 0 / 1.
    active: active === true || Number(active) === 1,
    sessionVersion: Number(sessionVersion),
  };
}
