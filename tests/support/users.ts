/**
 * Test accounts. Import after tests/support/test-db (it uses the app's Prisma client).
 *
 *   const admin = await createTestUser({ role: "ADMIN" });   // { ...User row, password }
 *   await call(GET, "/api/admin/users", { as: admin });
 */
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/db/types";
import { db } from "./test-db";

const hashes = new Map<string, Promise<string>>();
let counter = 0;

export type TestUser = Awaited<ReturnType<typeof db.user.create>> & { password: string };

/** Creates a user with a real scrypt password hash (cached per password: fast for many users). */
export async function createTestUser(
  options: { role?: Role; email?: string; name?: string; password?: string; active?: boolean } = {},
): Promise<TestUser> {
  const password = options.password ?? "correct horse battery";
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  counter += 1;
  const role = options.role ?? "ANNOTATOR";
  const user = await db.user.create({
    data: {
      email: options.email ?? `${role.toLowerCase()}-${counter}-${Date.now()}@example.org`,
      name: options.name ?? `${role[0]}${role.slice(1).toLowerCase()} ${counter}`,
      role,
      active: options.active ?? true,
      passwordHash: await hashes.get(password)!,
    },
  });
  return { ...user, password };
}
