import { describe, expect, it, vi } from "vitest";

// No tests/support/test-db here: the app is pointed at a database that cannot be reached
// (PostgreSQL: a closed port; SQLite: a path that is a directory) before anything loads.
const target = vi.hoisted(() => {
  const provider = (process.env.TEST_DB ?? "sqlite").startsWith("postgres") ? "postgresql" : "sqlite";
  const dir = process.env.TMPDIR || "/tmp";
  process.env.DATABASE_URL = provider === "postgresql" ? "postgresql://postgres@127.0.0.1:1/nowhere" : `file:${dir}`;
  process.env.NEXTAUTH_SECRET ||= "playhead-test-secret";
  return provider;
});

import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as listUsers, POST as createUser } from "@/app/api/admin/users/route";
import { GET as listTokens } from "@/app/api/tokens/route";
import { call } from "@/tests/support/requests";

const admin = { id: "some-admin", role: "ADMIN" };

describe("the database is down", () => {
  it(`API routes answer 503 JSON without internals (${target})`, async () => {
    for (const res of [
      await call(listUsers, "/api/admin/users", { as: admin }),
      await call(createUser, "/api/admin/users", { as: admin, json: { email: "a@b.org", name: "A", role: "ADMIN", password: "long-enough" } }),
      await call(listTokens, "/api/tokens", { token: `ph_${"a".repeat(43)}` }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ error: { code: "database_unavailable", message: "The database is unavailable. Try again shortly." } });
    }
  });

  it("a sign-in answers 503 with next-auth's url field (the form shows a clear message)", async () => {
    const csrf = await call(authGet, "/api/auth/csrf", { params: { nextauth: ["csrf"] } });
    expect(csrf.status).toBe(200);
    const res = await call(authPost, "/api/auth/callback/credentials", {
      params: { nextauth: ["callback", "credentials"] },
      body: new URLSearchParams({ email: "a@b.org", password: "whatever-123", csrfToken: csrf.json.csrfToken, json: "true" }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "),
      },
      ip: "192.0.2.1",
    });
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe("database_unavailable");
    expect(new URL(res.json.url).searchParams.get("error")).toBe("ServiceUnavailable");
    expect(res.text).not.toMatch(/prisma|ECONNREFUSED|SQLITE/i);
  });
});
