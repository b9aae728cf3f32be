import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Server actions read the request through next/headers; give them this test's request.
const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders.current,
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));

import { acceptInviteAction } from "@/app/(auth)/invite/[token]/_components/actions";
import { DELETE as revokeInviteRoute } from "@/app/api/admin/users/invites/[id]/route";
import { GET as listInvitesRoute, POST as createInviteRoute } from "@/app/api/admin/users/invites/route";
import { acceptInvite, lookupInvite } from "@/lib/auth/invites";
import { hashSecretToken } from "@/lib/auth/secret-token";
import { attemptSignIn } from "@/lib/auth/sign-in";
import { call, sessionCookie } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

function tokenOf(url: string): string {
  const match = /\/invite\/(inv_[A-Za-z0-9_-]+)$/.exec(url);
  if (!match) throw new Error(`not an invitation url: ${url}`);
  return match[1];
}

describe(`admin: invitations (${testDb.provider})`, () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createTestUser({ role: "ADMIN" });
  });
  beforeEach(() => {
    requestHeaders.current = new Headers({ "x-forwarded-for": "172.16.0.9" });
  });

  async function invite(email: string, role = "ANNOTATOR") {
    const res = await call(createInviteRoute, "/api/admin/users/invites", { as: admin, json: { email, role }, ip: "10.7.7.7" });
    expect(res.status).toBe(201);
    return { ...res.json, token: tokenOf(res.json.url) };
  }

  it("creates a one-time link valid for 7 days; only the token's hash is stored; audited", async () => {
    const res = await invite("Invitee@Example.org", "REVIEWER");
    expect(res.url).toMatch(/^http:\/\/localhost:3000\/invite\/inv_/);
    expect(res.invite).toMatchObject({ email: "invitee@example.org", role: "REVIEWER", status: "pending" });
    const days = (new Date(res.invite.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const row = await db.invite.findUniqueOrThrow({ where: { id: res.invite.id }, omit: { tokenHash: false } });
    expect(row.tokenHash).toBe(hashSecretToken(res.token));
    expect(await db.auditLog.findFirst({ where: { action: "invite.create", targetId: res.invite.id } })).toMatchObject({
      actorId: admin.id,
      ip: "10.7.7.7",
      details: { email: "invitee@example.org", role: "REVIEWER" },
    });
    const audits = JSON.stringify(await db.auditLog.findMany());
    expect(audits).not.toContain(res.token);
    const list = await call(listInvitesRoute, "/api/admin/users/invites", { as: admin });
    expect(list.json.invites.find((i: { id: string }) => i.id === res.invite.id)).toMatchObject({ status: "pending" });
    expect(list.text).not.toContain(res.token);
  });

  it("accepting sets name and password, creates the account with the invited role, marks the link used", async () => {
    const { token, invite: inv } = await invite("accepts@example.org", "REVIEWER");
    expect(await lookupInvite(token)).toMatchObject({ status: "pending", email: "accepts@example.org", role: "REVIEWER" });
    const result = await acceptInviteAction({ token, name: "Ada Accepts", password: "my-own-password" });
    expect(result).toEqual({ ok: true, data: { email: "accepts@example.org" } });
    const user = await db.user.findUniqueOrThrow({ where: { email: "accepts@example.org" } });
    expect(user).toMatchObject({ name: "Ada Accepts", role: "REVIEWER", active: true });
    expect((await db.invite.findUniqueOrThrow({ where: { id: inv.id } })).usedAt).not.toBeNull();
    expect(await db.auditLog.findFirst({ where: { action: "invite.accept", targetId: inv.id } })).toMatchObject({ actorId: user.id, ip: "172.16.0.9" });
    expect(await attemptSignIn({ email: "accepts@example.org", password: "my-own-password" }, "10.0.0.1")).toMatchObject({ ok: true });

    // A second use gets a clear error and changes nothing.
    const users = await db.user.count();
    const again = await acceptInviteAction({ token, name: "Mallory", password: "another-password" });
    expect(again).toEqual({
      ok: false,
      error: { code: "invite_used", message: "This invitation has already been used. Sign in with the account it created." },
    });
    expect(await db.user.count()).toBe(users);
    expect((await db.user.findUniqueOrThrow({ where: { email: "accepts@example.org" } })).name).toBe("Ada Accepts");
    expect(await lookupInvite(token)).toMatchObject({ status: "used" });
  });

  it("two simultaneous accepts of one link: exactly one account is created", async () => {
    const { token } = await invite("race@example.org");
    const results = await Promise.allSettled([
      acceptInvite({ token, name: "First", password: "password-one" }, "10.0.0.1"),
      acceptInvite({ token, name: "Second", password: "password-two" }, "10.0.0.2"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason).toMatchObject({ status: 410 });
    expect(await db.user.count({ where: { email: "race@example.org" } })).toBe(1);
  });

  it("refuses unknown, expired and withdrawn links with clear messages", async () => {
    expect(await acceptInviteAction({ token: "inv_nonsense", name: "X", password: "password-123" })).toMatchObject({
      ok: false,
      error: { code: "invite_invalid", message: expect.stringMatching(/not valid/) },
    });
    const expired = await invite("expired@example.org");
    await db.invite.update({ where: { id: expired.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await acceptInviteAction({ token: expired.token, name: "X", password: "password-123" })).toMatchObject({
      ok: false,
      error: { code: "invite_expired", message: expect.stringMatching(/expired/) },
    });
    const withdrawn = await invite("withdrawn@example.org");
    const revoked = await call(revokeInviteRoute, `/api/admin/users/invites/${withdrawn.invite.id}`, {
      method: "DELETE",
      as: admin,
      params: { id: withdrawn.invite.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.invite.status).toBe("revoked");
    expect(await acceptInviteAction({ token: withdrawn.token, name: "X", password: "password-123" })).toMatchObject({
      ok: false,
      error: { code: "invite_revoked" },
    });
    expect(await db.user.count({ where: { email: { in: ["expired@example.org", "withdrawn@example.org"] } } })).toBe(0);
  });

  it("a new invitation for the same email withdraws the earlier one", async () => {
    const first = await invite("twice@example.org");
    await invite("twice@example.org");
    expect(await lookupInvite(first.token)).toMatchObject({ status: "revoked" });
  });

  it("validates the accept form field by field and writes nothing", async () => {
    const { token } = await invite("weak@example.org");
    const result = await acceptInviteAction({ token, name: "  ", password: "short" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("invalid_input");
    expect(result.error.issues?.map((i) => i.field).sort()).toEqual(["name", "password"]);
    expect(await lookupInvite(token)).toMatchObject({ status: "pending" });
  });

  it("refuses invitations for existing accounts (409) and bad input (400)", async () => {
    const existing = await call(createInviteRoute, "/api/admin/users/invites", { as: admin, json: { email: admin.email.toUpperCase(), role: "ADMIN" } });
    expect(existing.status).toBe(409);
    const bad = await call(createInviteRoute, "/api/admin/users/invites", { as: admin, json: { email: "x", role: "GOD" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { field: string }) => d.field).sort()).toEqual(["email", "role"]);
  });

  it("revoking: unknown id 404, used invitation 409; invitations are admin-only", async () => {
    expect((await call(revokeInviteRoute, "/api/admin/users/invites/nope", { method: "DELETE", as: admin, params: { id: "nope" } })).status).toBe(404);
    const used = await invite("used-then-revoked@example.org");
    await acceptInvite({ token: used.token, name: "U", password: "password-123" }, "10.0.0.1");
    const res = await call(revokeInviteRoute, `/api/admin/users/invites/${used.invite.id}`, { method: "DELETE", as: admin, params: { id: used.invite.id } });
    expect(res.status).toBe(409);
    const reviewer = await createTestUser({ role: "REVIEWER" });
    expect((await call(createInviteRoute, "/api/admin/users/invites", { as: reviewer, json: { email: "a@b.org", role: "ADMIN" } })).status).toBe(403);
  });

  it("the action wrapper enforces roles when a route is not public", async () => {
    const { action } = await import("@/lib/http/action");
    const { z } = await import("zod");
    const adminOnly = action({ roles: ["ADMIN"], input: z.object({ n: z.number() }) }, async ({ n }, { user }) => ({ n, by: user.id }));
    requestHeaders.current = new Headers();
    expect(await adminOnly({ n: 1 })).toMatchObject({ ok: false, error: { code: "unauthenticated" } });
    const annotator = await createTestUser({ role: "ANNOTATOR" });
    requestHeaders.current = new Headers({ cookie: await sessionCookie(annotator) });
    expect(await adminOnly({ n: 1 })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    requestHeaders.current = new Headers({ cookie: await sessionCookie(admin) });
    expect(await adminOnly({ n: 1 })).toEqual({ ok: true, data: { n: 1, by: admin.id } });
    expect(await adminOnly({ n: "1" } as never)).toMatchObject({ ok: false, error: { code: "invalid_input", issues: [{ field: "n" }] } });
  });
});
