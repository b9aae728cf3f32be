import { testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { expectedOutcome, PAGE_POLICY } from "@/lib/http/route-policy";
import { sessionCookie } from "@/tests/support/requests";
import { walkPages } from "@/tests/support/route-walk";
import { pageParams, routeWorld, type Caller, type World } from "@/tests/support/route-world";

/**
 * Page × role × membership, from the app and the one policy (PAGE_POLICY in
 * lib/http/route-policy.ts): every app/**\/page.tsx, its server component called as anonymous and
 * as each role, member and outsider, with real ids of the seeded world, and its outcome compared
 * with the policy: rendered (or redirected elsewhere) = allowed; sent to /sign-in = 401; sent to
 * /forbidden = 403; notFound() = 404. A page without an entry fails, naming it; so does an entry
 * without a page. (The browser checks of the same pages, RSC payloads included, are
 * e2e/projects-access.spec.ts and e2e/baseline-truth-crawler.spec.ts.)
 */

let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => {
    const pairs = (currentHeaders.get("cookie") ?? "").split(/;\s*/).filter(Boolean).map((c) => c.split("=") as [string, string]);
    return { get: (n: string) => pairs.find(([k]) => k === n) && { name: n, value: pairs.find(([k]) => k === n)![1] }, getAll: () => pairs.map(([name, value]) => ({ name, value })), has: (n: string) => pairs.some(([k]) => k === n) };
  },
}));

type Outcome = { status: number; location?: string };

let w: World;
beforeAll(async () => {
  w = await routeWorld();
}, 600_000);

async function open(file: string, path: string, caller: Caller, params: Record<string, string>): Promise<Outcome> {
  currentHeaders = new Headers({ "x-playhead-path": path, ...(caller.user ? { cookie: await sessionCookie(caller.user) } : {}) });
  const mod = (await import(/* @vite-ignore */ `${process.cwd()}/${file}`)) as { default: (props: unknown) => unknown };
  try {
    await mod.default({ params: Promise.resolve(params), searchParams: Promise.resolve({}) });
    return { status: 200 };
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT")) {
      const location = digest.split(";")[2] ?? "";
      if (location.startsWith("/sign-in")) return { status: 401, location };
      if (location.startsWith("/forbidden")) return { status: 403, location };
      return { status: 303, location };
    }
    const fallback = /^NEXT_HTTP_ERROR_FALLBACK;(\d+)$/.exec(digest);
    if (fallback) return { status: Number(fallback[1]) };
    return { status: 500, location: (error as Error).message.slice(0, 200) };
  }
}

describe(`the page policy covers every page (${testDb.provider})`, () => {
  it("every page has an entry, and every entry a page", () => {
    const pages = walkPages();
    expect(pages.length).toBeGreaterThan(30);
    const missing = pages.filter((p) => !PAGE_POLICY[p.path]).map((p) => `${p.path} (${p.file}) has no entry in PAGE_POLICY (lib/http/route-policy.ts)`);
    const known = new Set(pages.map((p) => p.path));
    const stale = Object.keys(PAGE_POLICY).filter((k) => !known.has(k)).map((k) => `PAGE_POLICY has "${k}" but no page.tsx is at that path`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it("every caller gets what the policy declares", { timeout: 900_000 }, async () => {
    const mismatches: string[] = [];
    const report: string[] = [];
    for (const page of walkPages()) {
      const policy = PAGE_POLICY[page.path];
      for (const caller of w.callers) {
        const params = await pageParams(page.path);
        const url = page.path.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(params[n]));
        const got = await open(page.file, url, caller, params);
        report.push(`${page.path} · ${caller.label}: ${got.status}${got.location ? ` ${got.location}` : ""}`);
        if (!policy) continue;
        const expected = expectedOutcome(policy, caller.role, caller.member);
        const ok = expected.allowed ? got.status === 200 || got.status === 303 : got.status === expected.status;
        if (!ok) mismatches.push(`${page.path} as ${caller.label}: got ${got.status}${got.location ? ` (${got.location})` : ""}, policy says ${expected.allowed ? "allowed" : expected.status}`);
      }
    }
    if (process.env.ROUTE_MATRIX_REPORT) console.log(report.join("\n"));
    expect(mismatches).toEqual([]);
  });
});
