import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { needsRehash, hashPassword, verifyAgainstDummy, verifyPassword } from "./password";
import { normalizeEmail, signInSchema } from "./schemas";
import { checkSignInThrottle } from "./throttle";

export type SignedInUser = { id: string; email: string; name: string; role: Role; sv: number };

export type SignInResult =
  | { ok: true; user: SignedInUser }
  | { ok: false; reason: "invalid_input" | "bad_credentials" | "inactive" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number; scope: "account" | "address" };

/**
 * The whole credentials check, used by next-auth's `authorize`: throttle, look-up, password,
 * active flag. Every decided attempt is recorded (SignInAttempt + AuditLog "auth.sign_in" /
 * "auth.sign_in_failed", in one transaction); a throttled attempt is audited
 * ("auth.sign_in_throttled") but not counted. The password is never stored or logged.
 */
export async function attemptSignIn(input: { email?: unknown; password?: unknown }, ip: string): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid_input" };
  const email = normalizeEmail(parsed.data.email);
  const { password } = parsed.data;

  const verdict = await checkSignInThrottle(email, ip);
  if (verdict.limited) {
    await audit({
      actorId: null,
      action: "auth.sign_in_throttled",
      targetType: "user",
      ip,
      details: { email, scope: verdict.scope, retryAfterSeconds: verdict.retryAfterSeconds },
    });
    return { ok: false, reason: "throttled", retryAfterSeconds: verdict.retryAfterSeconds, scope: verdict.scope };
  }

  const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
  const passwordOk = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  const reason = !user || !passwordOk ? "bad_credentials" : !user.active ? "inactive" : null;

  await db.$transaction(async (tx) => {
    await tx.signInAttempt.create({ data: { email, ip, success: reason === null } });
    await audit(
      {
        actorId: reason === null ? user!.id : null,
        action: reason === null ? "auth.sign_in" : "auth.sign_in_failed",
        targetType: "user",
        targetId: user?.id,
        ip,
        details: reason === null ? { email } : { email, reason: user ? reason : "unknown_email" },
      },
      tx,
    );
  });
  if (reason !== null) return { ok: false, reason };

  if (needsRehash(user!.passwordHash!)) {
    await db.user.update({ where: { id: user!.id }, data: { passwordHash: await hashPassword(password) } });
  }
  const { id, name, role, sessionVersion } = user!;
  return { ok: true, user: { id, email: user!.email, name, role, sv: sessionVersion } };
}
