import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { audit } from "@/lib/audit/audit";
import { queryAuditLog } from "@/lib/audit/query";
import { AUDIT_PAGE_SIZE, auditQuerySchema } from "@/lib/audit/query-schema";
import { createTestUser, type TestUser } from "@/tests/support/users";

describe(`audit log queries (${testDb.provider})`, () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    alice = await createTestUser({ role: "ADMIN", email: "alice-audit@example.org" });
    bob = await createTestUser({ role: "ADMIN", email: "bob-audit@example.org" });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
      await audit({ actorId: alice.id, action: i % 2 ? "user.create" : "user.role_change", targetType: "user", targetId: `t${i}`, ip: "10.0.0.1" });
    }
    await audit({ actorId: bob.id, action: "video.upload", targetType: "video", targetId: "v1", details: { name: "a.mp4" } });
    await audit({ actorId: null, action: "auth.sign_in_failed", details: { email: "x@y.org", password: "must-not-be-stored" } });
  });

  it("pages newest first, 50 per page, clamping out-of-range pages", async () => {
    const first = await queryAuditLog(auditQuerySchema.parse({}));
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 7);
    expect(first.pageCount).toBe(2);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0].action).toBe("auth.sign_in_failed");
    const times = first.entries.map((e) => e.at.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await queryAuditLog(auditQuerySchema.parse({ page: "2" }));
    expect(second.entries).toHaveLength(7);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(AUDIT_PAGE_SIZE + 7);
    expect((await queryAuditLog(auditQuerySchema.parse({ page: "999" }))).page).toBe(2);
    expect((await queryAuditLog(auditQuerySchema.parse({ page: "banana" }))).page).toBe(1);
  });

  it("filters by exact action, action prefix, actor email fragment, actor id and anonymous", async () => {
    expect((await queryAuditLog(auditQuerySchema.parse({ action: "video.upload" }))).entries.map((e) => e.targetId)).toEqual(["v1"]);
    expect((await queryAuditLog(auditQuerySchema.parse({ action: "user.*" }))).total).toBe(AUDIT_PAGE_SIZE + 5);
    const byBob = await queryAuditLog(auditQuerySchema.parse({ actor: "BOB-audit" }));
    expect(byBob.entries.map((e) => e.actor?.email)).toEqual(["bob-audit@example.org"]);
    expect((await queryAuditLog(auditQuerySchema.parse({ actor: alice.id, action: "user.create" }))).total).toBe(27);
    const anonymous = await queryAuditLog(auditQuerySchema.parse({ actor: "anonymous" }));
    expect(anonymous.entries.map((e) => e.action)).toEqual(["auth.sign_in_failed"]);
    expect((await queryAuditLog(auditQuerySchema.parse({ actor: "nobody-at-all" }))).total).toBe(0);
    expect(byBob.actions).toEqual(["auth.sign_in_failed", "user.create", "user.role_change", "video.upload"]);
  });

  it("never stores secret-named details", async () => {
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "auth.sign_in_failed" } });
    expect(entry.details).toEqual({ email: "x@y.org" });
  });
});
