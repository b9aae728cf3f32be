import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import type { Actor } from "./actor";
import { hashPassword } from "./password";
import type { CreateUserInput, UpdateUserInput } from "./schemas";

export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const summarySelect = { id: true, email: true, name: true, role: true, active: true, createdAt: true } as const;

async function withLastSignIn<T extends { email: string }>(users: T[]): Promise<Array<T & { lastSignInAt: Date | null }>> {
  if (users.length === 0) return [];
  const rows = await db.signInAttempt.groupBy({
    by: ["email"],
    where: { success: true, email: { in: users.map((u) => u.email) } },
    _max: { at: true },
  });
  const last = new Map(rows.map((r) => [r.email, r._max.at ?? null]));
  return users.map((u) => ({ ...u, lastSignInAt: last.get(u.email) ?? null }));
}

/** Users ordered by email, optionally filtered by text (email or name), role and active flag. */
export async function listUsers(filter: { q?: string; role?: Role; active?: "true" | "false" } = {}): Promise<UserSummary[]> {
  const users = await db.user.findMany({
    where: {
      ...(filter.role ? { role: filter.role } : {}),
      ...(filter.active ? { active: filter.active === "true" } : {}),
    },
    select: summarySelect,
    orderBy: { email: "asc" },
    take: 5000,
  });
  const q = filter.q?.trim().toLowerCase();
  // Text filter in memory: case-insensitive on both databases (a research group has few accounts).
  const matching = q ? users.filter((u) => u.email.includes(q) || u.name.toLowerCase().includes(q)) : users;
  return withLastSignIn(matching);
}

export async function getUserSummary(id: string): Promise<UserSummary> {
  const user = await db.user.findUnique({ where: { id }, select: summarySelect });
  if (!user) throw new HttpError(404, `No user with id "${id}".`);
  return (await withLastSignIn([user]))[0];
}

function duplicateEmail(email: string): HttpError {
  return new HttpError(409, `A user with email ${email} already exists.`, "email_taken", [
    { field: "email", message: "is already used by another account" },
  ]);
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

/** Creates an account with an initial password (audited "user.create"). 409 when the email is taken. */
export async function createUser(input: CreateUserInput, actor: Actor): Promise<UserSummary> {
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw duplicateEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email: input.email, name: input.name, role: input.role, passwordHash },
        select: summarySelect,
      });
      await audit(
        {
          actorId: actor.user.id,
          action: "user.create",
          targetType: "user",
          targetId: created.id,
          ip: actor.ip,
          details: { email: created.email, name: created.name, role: created.role },
        },
        tx,
      );
      return created;
    });
    return { ...user, lastSignInAt: null };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
}

/**
 * Renames, changes the role of, deactivates or reactivates a user, in one transaction with its
 * audit entries. A role or active change bumps sessionVersion, which ends the user's sessions at
 * once. Admins cannot demote or deactivate themselves, and the last active admin stays.
 */
export async function updateUser(id: string, input: UpdateUserInput, actor: Actor): Promise<UserSummary> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { ...summarySelect, sessionVersion: true } });
    if (!user) throw new HttpError(404, `No user with id "${id}".`);
    const role = input.role ?? user.role;
    const active = input.active ?? user.active;
    const name = input.name ?? user.name;
    const losesAdmin = user.role === Role.ADMIN && user.active && (role !== Role.ADMIN || !active);
    if (losesAdmin && id === actor.user.id) {
      throw new HttpError(409, "You cannot remove your own admin access or deactivate yourself; ask another admin.", "self_lockout");
    }
    if (losesAdmin) {
      const otherAdmins = await tx.user.count({ where: { role: Role.ADMIN, active: true, id: { not: id } } });
      if (otherAdmins === 0) throw new HttpError(409, `${user.email} is the last active admin; make someone else admin first.`, "last_admin");
    }
    const endsSessions = role !== user.role || active !== user.active;
    await tx.user.update({
      where: { id },
      data: { name, role, active, ...(endsSessions ? { sessionVersion: { increment: 1 } } : {}) },
    });
    const entry = { actorId: actor.user.id, targetType: "user", targetId: id, ip: actor.ip };
    if (name !== user.name) await audit({ ...entry, action: "user.rename", details: { email: user.email, from: user.name, to: name } }, tx);
    if (role !== user.role) await audit({ ...entry, action: "user.role_change", details: { email: user.email, from: user.role, to: role } }, tx);
    if (active !== user.active) await audit({ ...entry, action: active ? "user.reactivate" : "user.deactivate", details: { email: user.email } }, tx);
  });
  return getUserSummary(id);
}

/** Sets a new password (admin reset); ends the user's sessions. Audited without the password. */
export async function resetUserPassword(id: string, password: string, actor: Actor): Promise<UserSummary> {
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { id: true, email: true } });
    if (!user) throw new HttpError(404, `No user with id "${id}".`);
    await tx.user.update({ where: { id }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await audit({ actorId: actor.user.id, action: "user.password_reset", targetType: "user", targetId: id, ip: actor.ip, details: { email: user.email } }, tx);
  });
  return getUserSummary(id);
}
