import { db, testDb } from "@/tests/support/test-db";
import { describe, expect, it, vi } from "vitest";
import { GET as listTokens, POST as createToken } from "@/app/api/tokens/route";
import { DELETE as revokeToken } from "@/app/api/tokens/[id]/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { getRequestUser } from "@/lib/auth/request-user";
import { hashSecretToken } from "@/lib/auth/secret-token";
import { call, sessionCookie } from "@/tests/support/requests";
import { createTestUser } from "@/tests/support/users";

function requestWith(headers: Record<string, string>) {
  return new Request("http://localhost/api/x", { headers });
}

describe(`who is calling: session cookie (${testDb.provider})`, () => {
  it("accepts a valid session and refuses missing, tampered and expired ones", async () => {
    const user = await createTestUser({ role: "ANNOTATOR" });
    expect(await getRequestUser(requestWith({ cookie: await sessionCookie(user) }))).toMatchObject({ id: user.id, role: "ANNOTATOR" });
    expect(await getRequestUser(requestWith({}))).toBeNull();
    const cookie = await sessionCookie(user);
    const tampered = cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(await getRequestUser(requestWith({ cookie: tampered }))).toBeNull();
    expect(await getRequestUser(requestWith({ cookie: "next-auth.session-token=garbage" }))).toBeNull();
    expect(await getRequestUser(requestWith({ cookie: await sessionCookie(user, { maxAgeSeconds: -60 }) }))).toBeNull();
  });

  it("takes the role from the database, and refuses a session with an old sessionVersion", async () => {
    const user = await createTestUser({ role: "ADMIN" });
    const cookie = await sessionCookie(user);
    expect((await call(listUsers, "/api/admin/users", { headers: { cookie } })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    const res = await call(listUsers, "/api/admin/users", { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthenticated");
    // A fresh session at the new version works again.
    const fresh = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect((await call(listUsers, "/api/admin/users", { as: fresh })).status).toBe(200);
  });

  it("refuses a deactivated user's session at once", async () => {
    const user = await createTestUser({ role: "ADMIN" });
    const cookie = await sessionCookie(user);
    await db.user.update({ where: { id: user.id }, data: { active: false } });
    expect((await call(listUsers, "/api/admin/users", { headers: { cookie } })).status).toBe(401);
  });

  it("a cookie already decoded (cached) is still refused once it expires, and once its user is deactivated", async () => {
    const user = await createTestUser({ role: "ADMIN" });
    const cookie = await sessionCookie(user, { maxAgeSeconds: 60 });
    expect(await getRequestUser(requestWith({ cookie }))).toMatchObject({ id: user.id });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 120_000);
      expect(await getRequestUser(requestWith({ cookie }))).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    const other = await createTestUser({ role: "ADMIN" });
    const otherCookie = await sessionCookie(other);
    expect((await call(listUsers, "/api/admin/users", { headers: { cookie: otherCookie } })).status).toBe(200);
    await db.user.update({ where: { id: other.id }, data: { active: false } });
    expect((await call(listUsers, "/api/admin/users", { headers: { cookie: otherCookie } })).status).toBe(401);
  });

  it("refuses a session for a user that does not exist", async () => {
    const res = await call(listUsers, "/api/admin/users", { as: { id: "no-such-user", role: "ADMIN" } });
    expect(res.status).toBe(401);
  });
});

describe(`API tokens (${testDb.provider})`, () => {
  it("creates a token shown once, stored hashed, usable as Bearer; lists without the secret; revokes", async () => {
    const user = await createTestUser({ role: "REVIEWER" });
    const created = await call(createToken, "/api/tokens", { as: user, json: { name: "laptop script" }, ip: "10.1.2.3" });
    expect(created.status).toBe(201);
    const { token } = created.json;
    expect(token.token).toMatch(/^ph_[A-Za-z0-9_-]{43}$/);
    expect(token.prefix).toBe(token.token.slice(0, 10));
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: token.id }, omit: { tokenHash: false } });
    expect(row.tokenHash).toBe(hashSecretToken(token.token));
    expect(JSON.stringify(row)).not.toContain(token.token);
    expect(await db.auditLog.findFirst({ where: { action: "token.create", targetId: token.id } })).toMatchObject({
      actorId: user.id,
      ip: "10.1.2.3",
      details: { name: "laptop script" },
    });

    const viaToken = await call(listTokens, "/api/tokens", { token: token.token });
    expect(viaToken.status).toBe(200);
    expect(viaToken.json.tokens).toHaveLength(1);
    expect(viaToken.text).not.toContain(token.token);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).not.toBeNull();

    const revoked = await call(revokeToken, `/api/tokens/${token.id}`, { method: "DELETE", as: user, params: { id: token.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.json.token.revokedAt).toBeTruthy();
    expect((await call(listTokens, "/api/tokens", { token: token.token })).status).toBe(401);
    // Revoking again is harmless and audited once.
    expect((await call(revokeToken, `/api/tokens/${token.id}`, { method: "DELETE", as: user, params: { id: token.id } })).status).toBe(200);
    expect(await db.auditLog.count({ where: { action: "token.revoke", targetId: token.id } })).toBe(1);
  });

  it("a token stops working when its user is deactivated, and acts with the user's current role", async () => {
    const user = await createTestUser({ role: "ADMIN" });
    const { json } = await call(createToken, "/api/tokens", { as: user, json: { name: "ci" } });
    expect((await call(listUsers, "/api/admin/users", { token: json.token.token })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { role: "ANNOTATOR" } });
    expect((await call(listUsers, "/api/admin/users", { token: json.token.token })).status).toBe(403);
    await db.user.update({ where: { id: user.id }, data: { active: false } });
    expect((await call(listTokens, "/api/tokens", { token: json.token.token })).status).toBe(401);
  });

  it("refuses malformed and unknown bearer tokens (401), even alongside a valid cookie", async () => {
    const user = await createTestUser({ role: "ANNOTATOR" });
    for (const bad of ["ph_x", "not-a-token", `ph_${"A".repeat(43)}`, ""]) {
      const res = await call(listTokens, "/api/tokens", { headers: { authorization: `Bearer ${bad}`, cookie: await sessionCookie(user) } });
      expect(res.status).toBe(401);
    }
  });

  it("cannot revoke other people's tokens or unknown ids (404); participants have no tokens (403)", async () => {
    const owner = await createTestUser({ role: "ANNOTATOR" });
    const other = await createTestUser({ role: "ANNOTATOR" });
    const { json } = await call(createToken, "/api/tokens", { as: owner, json: { name: "mine" } });
    const res = await call(revokeToken, `/api/tokens/${json.token.id}`, { method: "DELETE", as: other, params: { id: json.token.id } });
    expect(res.status).toBe(404);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: json.token.id } })).revokedAt).toBeNull();
    expect((await call(revokeToken, "/api/tokens/nope", { method: "DELETE", as: owner, params: { id: "nope" } })).status).toBe(404);
    const participant = await createTestUser({ role: "PARTICIPANT" });
    expect((await call(createToken, "/api/tokens", { as: participant, json: { name: "x" } })).status).toBe(403);
    expect((await call(listTokens, "/api/tokens")).status).toBe(401);
  });

  it("validates the token name", async () => {
    const user = await createTestUser({ role: "ANNOTATOR" });
    const empty = await call(createToken, "/api/tokens", { as: user, json: { name: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/name: is required/);
    const extra = await call(createToken, "/api/tokens", { as: user, json: { name: "a", userId: "someone-else" } });
    expect(extra.status).toBe(400);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });
});
