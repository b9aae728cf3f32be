import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getUser, PATCH as patchUser } from "@/app/api/admin/users/[id]/route";
import { POST as resetPassword } from "@/app/api/admin/users/[id]/password/route";
import { GET as listUsers, POST as createUser } from "@/app/api/admin/users/route";
import { attemptSignIn } from "@/lib/auth/sign-in";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

const newUser = (over: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@example.org`,
  name: "New Person",
  role: "ANNOTATOR",
  password: "initial-pass-1",
  ...over,
});

describe(`admin: users API (${testDb.provider})`, () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createTestUser({ role: "ADMIN", email: "root-admin@example.org" });
  });

  it("is for admins only: 401 signed out, 403 for other roles", async () => {
    expect((await call(listUsers, "/api/admin/users")).status).toBe(401);
    for (const role of ["REVIEWER", "ANNOTATOR", "PARTICIPANT"] as const) {
      const user = await createTestUser({ role });
      const list = await call(listUsers, "/api/admin/users", { as: user });
      expect(list.status).toBe(403);
      expect(list.json.error.code).toBe("forbidden");
      const create = await call(createUser, "/api/admin/users", { as: user, json: newUser() });
      expect(create.status).toBe(403);
    }
  });

  it("creates a user (201), audited with actor, target, ip and no password; the user can sign in", async () => {
    const body = newUser({ email: "  Mixed.Case@Example.org ", role: "REVIEWER" });
    const res = await call(createUser, "/api/admin/users", { as: admin, json: body, ip: "10.9.8.7" });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: "mixed.case@example.org", name: "New Person", role: "REVIEWER", active: true, lastSignInAt: null });
    expect(res.text).not.toContain("initial-pass-1");
    expect(res.text).not.toMatch(/passwordHash|scrypt\$/);
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "user.create", targetId: res.json.user.id } });
    expect(entry).toMatchObject({ actorId: admin.id, targetType: "user", ip: "10.9.8.7", details: { email: "mixed.case@example.org", role: "REVIEWER" } });
    expect(JSON.stringify(entry)).not.toContain("initial-pass-1");
    const signIn = await attemptSignIn({ email: "mixed.case@example.org", password: "initial-pass-1" }, "10.0.0.1");
    expect(signIn).toMatchObject({ ok: true, user: { role: "REVIEWER", sv: 0 } });
  });

  it("refuses a taken email (any case) with 409 and writes nothing", async () => {
    const before = await db.user.count();
    const audits = await db.auditLog.count();
    const res = await call(createUser, "/api/admin/users", { as: admin, json: newUser({ email: "ROOT-ADMIN@example.org" }) });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: "email_taken" });
    expect(res.json.error.message).toMatch(/root-admin@example.org already exists/);
    expect(await db.user.count()).toBe(before);
    expect(await db.auditLog.count()).toBe(audits);
  });

  it("refuses bad bodies with 400 naming each field, 413 when oversized, and writes nothing", async () => {
    const before = await db.user.count();
    const bad = await call(createUser, "/api/admin/users", {
      as: admin,
      json: { email: "not-an-email", name: "", role: "SUPERUSER", password: "short" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_input");
    const fields = bad.json.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(["email", "name", "password", "role"]);
    expect(bad.json.error.message).toMatch(/email: is not a valid email address/);
    expect(bad.json.error.message).toMatch(/password: must be at least 8 characters/);

    const extra = await call(createUser, "/api/admin/users", { as: admin, json: { ...newUser(), active: false } });
    expect(extra.status).toBe(400);
    expect(extra.json.error.message).toMatch(/active/);

    const malformed = await call(createUser, "/api/admin/users", { as: admin, body: '{"email": ', headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("invalid_json");

    const empty = await call(createUser, "/api/admin/users", { as: admin, method: "POST" });
    expect(empty.status).toBe(400);

    const huge = await call(createUser, "/api/admin/users", { as: admin, json: newUser({ name: "x".repeat(40_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.json.error.code).toBe("too_large");
    expect(huge.text).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    expect(await db.user.count()).toBe(before);
  });

  it("lists users with role, active flag and last sign-in; filters by text, role and active", async () => {
    const person = await createTestUser({ role: "PARTICIPANT", email: "list-me@example.org", name: "Zelda Listed" });
    await attemptSignIn({ email: person.email, password: person.password }, "10.0.0.2");
    const res = await call(listUsers, "/api/admin/users", { as: admin });
    expect(res.status).toBe(200);
    const row = res.json.users.find((u: { id: string }) => u.id === person.id);
    expect(row).toMatchObject({ role: "PARTICIPANT", active: true });
    expect(new Date(row.lastSignInAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.text).not.toMatch(/passwordHash|sessionVersion/);

    const byText = await call(listUsers, "/api/admin/users", { as: admin, query: { q: "zelda" } });
    expect(byText.json.users.map((u: { id: string }) => u.id)).toEqual([person.id]);
    const byRole = await call(listUsers, "/api/admin/users", { as: admin, query: { role: "PARTICIPANT", active: "true" } });
    expect(byRole.json.users.every((u: { role: string }) => u.role === "PARTICIPANT")).toBe(true);
    const badFilter = await call(listUsers, "/api/admin/users", { as: admin, query: { role: "KING" } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.json.error.message).toMatch(/^role:/);
  });

  it("changes a role: bumps sessionVersion (old sessions end) and audits from/to", async () => {
    const target = await createTestUser({ role: "ANNOTATOR" });
    const res = await call(patchUser, `/api/admin/users/${target.id}`, {
      method: "PATCH",
      as: admin,
      json: { role: "REVIEWER" },
      params: { id: target.id },
      ip: "10.5.5.5",
    });
    expect(res.status).toBe(200);
    expect(res.json.user.role).toBe("REVIEWER");
    const after = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(after.sessionVersion).toBe(target.sessionVersion + 1);
    expect(await db.auditLog.findFirst({ where: { action: "user.role_change", targetId: target.id } })).toMatchObject({
      actorId: admin.id,
      ip: "10.5.5.5",
      details: { from: "ANNOTATOR", to: "REVIEWER" },
    });
    // The old session (sv 0) is refused now.
    const old = await call(getUser, `/api/admin/users/${target.id}`, { as: { ...target, role: "ADMIN" }, params: { id: target.id } });
    expect(old.status).toBe(401);
  });

  it("deactivates and reactivates (sessions end; sign-in refused while inactive)", async () => {
    const target = await createTestUser({ role: "ANNOTATOR" });
    const off = await call(patchUser, `/api/admin/users/${target.id}`, { method: "PATCH", as: admin, json: { active: false }, params: { id: target.id } });
    expect(off.status).toBe(200);
    expect(off.json.user.active).toBe(false);
    expect(await attemptSignIn({ email: target.email, password: target.password }, "10.0.0.3")).toMatchObject({ ok: false, reason: "inactive" });
    const on = await call(patchUser, `/api/admin/users/${target.id}`, { method: "PATCH", as: admin, json: { active: true }, params: { id: target.id } });
    expect(on.json.user.active).toBe(true);
    const actions = (await db.auditLog.findMany({ where: { targetId: target.id }, orderBy: { at: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["user.deactivate", "user.reactivate"]));
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).sessionVersion).toBe(2);
  });

  it("renaming alone does not end sessions", async () => {
    const target = await createTestUser({ role: "ANNOTATOR" });
    const res = await call(patchUser, `/api/admin/users/${target.id}`, { method: "PATCH", as: admin, json: { name: "Renamed" }, params: { id: target.id } });
    expect(res.json.user.name).toBe("Renamed");
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).sessionVersion).toBe(0);
  });

  it("protects admins from locking themselves out, and keeps the last active admin", async () => {
    const self = await call(patchUser, `/api/admin/users/${admin.id}`, { method: "PATCH", as: admin, json: { active: false }, params: { id: admin.id } });
    expect(self.status).toBe(409);
    expect(self.json.error.code).toBe("self_lockout");
    const demote = await call(patchUser, `/api/admin/users/${admin.id}`, { method: "PATCH", as: admin, json: { role: "ANNOTATOR" }, params: { id: admin.id } });
    expect(demote.status).toBe(409);
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("ADMIN");
  });

  it("unknown ids get 404; empty or invalid changes get 400; nothing changes", async () => {
    const missing = await call(patchUser, "/api/admin/users/nope", { method: "PATCH", as: admin, json: { role: "ADMIN" }, params: { id: "nope" } });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toMatch(/No user with id "nope"/);
    expect((await call(getUser, "/api/admin/users/nope", { as: admin, params: { id: "nope" } })).status).toBe(404);
    expect((await call(resetPassword, "/api/admin/users/nope/password", { as: admin, json: { password: "long-enough-1" }, params: { id: "nope" } })).status).toBe(404);
    const target = await createTestUser({ role: "ANNOTATOR" });
    const none = await call(patchUser, `/api/admin/users/${target.id}`, { method: "PATCH", as: admin, json: {}, params: { id: target.id } });
    expect(none.status).toBe(400);
    expect(none.json.error.message).toMatch(/at least one of name, role, active/);
    const wrong = await call(patchUser, `/api/admin/users/${target.id}`, { method: "PATCH", as: admin, json: { active: "no" }, params: { id: target.id } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toMatch(/active: must be true or false/);
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ role: "ANNOTATOR", active: true, sessionVersion: 0 });
  });

  it("resets a password: old password refused, new accepted, sessions end, audited without the password", async () => {
    const target = await createTestUser({ role: "ANNOTATOR", password: "old-password-1" });
    const res = await call(resetPassword, `/api/admin/users/${target.id}/password`, { as: admin, json: { password: "new-password-2" }, params: { id: target.id } });
    expect(res.status).toBe(200);
    expect(await attemptSignIn({ email: target.email, password: "old-password-1" }, "10.0.0.4")).toMatchObject({ ok: false });
    expect(await attemptSignIn({ email: target.email, password: "new-password-2" }, "10.0.0.4")).toMatchObject({ ok: true, user: { sv: 1 } });
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "user.password_reset", targetId: target.id } });
    expect(JSON.stringify(entry)).not.toContain("new-password-2");
  });
});
