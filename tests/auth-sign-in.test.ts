import { db, testDb } from "@/tests/support/test-db";
import { beforeEach, describe, expect, it } from "vitest";
import { getRequestUser } from "@/lib/auth/request-user";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import { call } from "@/tests/support/requests";
import { signIn } from "@/tests/support/sign-in";
import { createTestUser, type TestUser } from "@/tests/support/users";

const WINDOW_MS = 60_000;

/** Moves every recorded sign-in attempt `ms` into the past (as if time had passed). */
async function age(ms: number) {
  const rows = await db.signInAttempt.findMany({ select: { id: true, at: true } });
  for (const row of rows) await db.signInAttempt.update({ where: { id: row.id }, data: { at: new Date(row.at.getTime() - ms) } });
}

describe(`sign-in with email and password (${testDb.provider})`, () => {
  let user: TestUser;
  beforeEach(async () => {
    await db.signInAttempt.deleteMany();
    user = await createTestUser({ role: "REVIEWER", password: "right password 1" });
  });

  it("signs in with the right password: session cookie carrying id, role and sessionVersion", async () => {
    const res = await signIn(user.email, "right password 1", "198.51.100.1");
    expect(res.status).toBe(200);
    expect(res.json.url).not.toMatch(/error=/);
    expect(res.sessionCookie).toBeTruthy();
    const who = await getRequestUser(new Request("http://x/", { headers: { cookie: res.sessionCookie! } }));
    expect(who).toEqual({ id: user.id, email: user.email, name: user.name, role: "REVIEWER" });
    const attempts = await db.signInAttempt.findMany({ where: { email: user.email } });
    expect(attempts).toMatchObject([{ success: true, ip: "198.51.100.1" }]);
    const entry = await db.auditLog.findFirst({ where: { action: "auth.sign_in", targetId: user.id } });
    expect(entry).toMatchObject({ actorId: user.id, ip: "198.51.100.1" });
  });

  it("matches the email case-insensitively", async () => {
    const res = await signIn(`  ${user.email.toUpperCase()} `, "right password 1");
    expect(res.status).toBe(200);
    expect(res.sessionCookie).toBeTruthy();
  });

  it("refuses a wrong password with 401 and audits it without the password", async () => {
    const res = await signIn(user.email, "Wrong Password Zebra");
    expect(res.status).toBe(401);
    expect(res.sessionCookie).toBeNull();
    expect(new URL(res.json.url).searchParams.get("error")).toBe("CredentialsSignin");
    const entry = await db.auditLog.findFirst({ where: { action: "auth.sign_in_failed", targetId: user.id }, orderBy: { at: "desc" } });
    expect(entry).toMatchObject({ actorId: null, ip: "203.0.113.7", details: { email: user.email, reason: "bad_credentials" } });
    const everything = JSON.stringify(await db.auditLog.findMany());
    expect(everything).not.toContain("Wrong Password Zebra");
    expect(await db.signInAttempt.count({ where: { email: user.email, success: false } })).toBe(1);
  });

  it("refuses an unknown email and a deactivated account (even with the right password)", async () => {
    expect((await signIn("nobody@example.org", "whatever123")).status).toBe(401);
    const inactive = await createTestUser({ active: false, password: "right password 2" });
    const res = await signIn(inactive.email, "right password 2");
    expect(res.status).toBe(401);
    expect(res.sessionCookie).toBeNull();
    const entry = await db.auditLog.findFirst({ where: { action: "auth.sign_in_failed", targetId: inactive.id } });
    expect(entry?.details).toMatchObject({ reason: "inactive" });
  });

  it("per account: the 11th attempt within a minute gets 429 (from any address), even with the right password, until the window passes", async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await signIn(user.email, `wrong-${i}`, `192.0.2.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const eleventh = await signIn(user.email, "wrong-again", "192.0.2.200");
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.error).toMatchObject({ code: "too_many_requests", details: { scope: "account" } });
    expect(eleventh.json.error.message).toMatch(/Too many failed sign-ins for this account/);
    expect(new URL(eleventh.json.url).searchParams.get("error")).toBe("TooManyRequests");
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const rightButLocked = await signIn(user.email, "right password 1", "192.0.2.201");
    expect(rightButLocked.status).toBe(429);
    expect(rightButLocked.sessionCookie).toBeNull();
    // Refused attempts are audited but do not extend the lock.
    expect(await db.signInAttempt.count({ where: { email: user.email } })).toBe(10);
    expect(await db.auditLog.count({ where: { action: "auth.sign_in_throttled" } })).toBe(2);

    // Half the window later: still locked.
    await age(WINDOW_MS / 2);
    expect((await signIn(user.email, "right password 1", "192.0.2.202")).status).toBe(429);

    // Once the failures are older than the window, the right password works again.
    await age(WINDOW_MS / 2 + 1000);
    const after = await signIn(user.email, "right password 1", "192.0.2.203");
    expect(after.status).toBe(200);
    expect(after.sessionCookie).toBeTruthy();
  });

  it("per address: 10 failures from one address (any accounts) lock that address, not others", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 10; i += 1) expect((await signIn(`probe-${i}@example.org`, "guess-1234", ip)).status).toBe(401);
    const eleventh = await signIn(user.email, "right password 1", ip);
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.error.details.scope).toBe("address");
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    // The account itself is not locked: from another address it signs in.
    expect((await signIn(user.email, "right password 1", "198.51.100.78")).status).toBe(200);
    await age(WINDOW_MS + 1000);
    expect((await signIn(user.email, "right password 1", ip)).status).toBe(200);
  });

  it("only failures count: successful sign-ins never lock an account", async () => {
    for (let i = 0; i < 12; i += 1) expect((await signIn(user.email, "right password 1", "203.0.113.50")).status).toBe(200);
  });

  it("refuses oversized and malformed sign-in bodies with clear JSON errors", async () => {
    const big = await call(POST, "/api/auth/callback/credentials", {
      params: { nextauth: ["callback", "credentials"] },
      body: `email=a%40b.org&password=${"x".repeat(20_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe("too_large");
    const bad = await call(POST, "/api/auth/callback/credentials", {
      params: { nextauth: ["callback", "credentials"] },
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_json");
    expect(await db.signInAttempt.count()).toBe(0);
  });

  it("without a CSRF token next-auth refuses the sign-in and nothing is recorded", async () => {
    const res = await call(POST, "/api/auth/callback/credentials", {
      params: { nextauth: ["callback", "credentials"] },
      body: new URLSearchParams({ email: user.email, password: "right password 1", json: "true" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token=") && !c.startsWith("next-auth.session-token=;"))).toBe(false);
    expect(res.json?.url ?? "").toMatch(/csrf=true/);
    expect(await db.signInAttempt.count()).toBe(0);
  });
});
