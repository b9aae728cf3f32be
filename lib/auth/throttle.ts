import "server-only";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/prisma";

export type ThrottleVerdict =
  | { limited: false }
  | { limited: true; scope: "account" | "address"; retryAfterSeconds: number };

/**
 * Sign-in throttle, kept in the database (SignInAttempt) so it holds across app instances:
 * once an account (email) or a client address has PLAYHEAD_SIGNIN_MAX_FAILURES (10) failed
 * attempts within the last PLAYHEAD_SIGNIN_WINDOW_SECONDS (60), every further attempt is
 * refused (even with the right password) until enough of those failures leave the window.
 * Refused attempts are not recorded as failures, so the lock lifts exactly when the window passes.
 * An unknown address ("") is not throttled per address (the per-account limit still applies).
 */
export async function checkSignInThrottle(email: string, ip: string, now: Date = new Date()): Promise<ThrottleVerdict> {
  const { signInMaxFailures: max, signInWindowSeconds: windowSec } = env();
  const since = new Date(now.getTime() - windowSec * 1000);
  const scopes: Array<["account" | "address", { email: string } | { ip: string }]> = [];
  if (email) scopes.push(["account", { email }]);
  if (ip) scopes.push(["address", { ip }]);
  let worst: ThrottleVerdict = { limited: false };
  for (const [scope, where] of scopes) {
    const recent = await db.signInAttempt.findMany({
      where: { ...where, success: false, at: { gt: since } },
      orderBy: { at: "desc" },
      take: max,
      select: { at: true },
    });
    if (recent.length < max) continue;
    // The lock lifts when the max-th most recent failure leaves the window.
    const liftsAt = recent[max - 1].at.getTime() + windowSec * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
    if (!worst.limited || retryAfterSeconds > worst.retryAfterSeconds) worst = { limited: true, scope, retryAfterSeconds };
  }
  return worst;
}
