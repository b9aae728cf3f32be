import { testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { CALLER_ROLES, expectedOutcome, ROUTE_POLICY, type HttpMethod, type RouteKey } from "@/lib/http/route-policy";
import { makeRequest, readResponse, routeContext, type CallResult } from "@/tests/support/requests";
import { walkApiRoutes, walkedHandlers, type ApiHandler, type WalkedHandler, type WalkedRoute } from "@/tests/support/route-walk";
import { requestFor, routeWorld, type Caller, type World } from "@/tests/support/route-world";

/**
 * Route × role × membership, generated from the app and the one policy (lib/http/route-policy.ts):
 * every route.ts under app/api, every HTTP method it exports, called as anonymous and as a
 * participant, annotator, reviewer and admin, each as a member and as an outsider of the project
 * (or owner and not of the resource), with real ids of a seeded world (tests/support/route-world.ts).
 * An allowed caller must not get 401, 403 or 404; a refused caller must get exactly the declared
 * status. A route or method without a policy entry fails, naming it; so does an entry without a
 * route. Each handler's role gate must agree with the policy.
 */

const ROLE_NAME = { participant: "PARTICIPANT", annotator: "ANNOTATOR", reviewer: "REVIEWER", admin: "ADMIN" } as const;

let routes: WalkedRoute[] = [];
let w: World;

beforeAll(async () => {
  routes = await walkApiRoutes();
  w = await routeWorld();
}, 600_000);

function handlers(): WalkedHandler[] {
  return walkedHandlers(routes);
}

async function callAs(key: RouteKey, path: string, method: HttpMethod, handler: ApiHandler, caller: Caller): Promise<CallResult> {
  const spec = await requestFor(key, path, caller);
  const request = await makeRequest(spec.path!, { ...spec, method });
  return readResponse(await handler(request, routeContext(spec.params)));
}

describe(`the route policy covers every API route (${testDb.provider})`, () => {
  it("every exported method of every route.ts has a policy entry, and every entry a route", () => {
    const found = handlers();
    expect(found.length).toBeGreaterThan(100);
    const missing = found.filter((h) => !ROUTE_POLICY[h.key]).map((h) => `${h.key} (${h.file}) has no entry in ROUTE_POLICY (lib/http/route-policy.ts)`);
    const keys = new Set(found.map((h) => h.key));
    const stale = Object.keys(ROUTE_POLICY)
      .filter((k) => !keys.has(k as RouteKey))
      .map((k) => `ROUTE_POLICY has "${k}" but no route.ts exports that method at that path`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it("each handler's role gate lets in every allowed role and keeps out, with 403, every role the policy refuses with 403", () => {
    const problems: string[] = [];
    for (const h of handlers()) {
      const policy = ROUTE_POLICY[h.key];
      if (!policy) continue;
      const gate = h.handler.routeOptions?.roles;
      if (gate === undefined) {
        // Not made by route() (next-auth's own handler): it must be declared public.
        if (!policy.allow.includes("anonymous")) problems.push(`${h.key}: not wrapped by route(), so it must allow anonymous callers`);
        continue;
      }
      if (policy.allow.includes("anonymous") && gate !== "public") problems.push(`${h.key}: policy allows anonymous callers but the handler's roles are ${JSON.stringify(gate)}`);
      if (!policy.allow.includes("anonymous") && gate === "public" && policy.refused?.anonymous === undefined) {
        problems.push(`${h.key}: the handler is public but the policy refuses anonymous callers without saying with which status (refused.anonymous)`);
      }
      if (gate === "public") continue;
      for (const role of ["participant", "annotator", "reviewer", "admin"] as const) {
        const inGate = gate.includes(ROLE_NAME[role]);
        if (policy.allow.includes(role) && !inGate) problems.push(`${h.key}: policy allows ${role} but route({ roles }) does not let ${ROLE_NAME[role]} in`);
        // A refusal left to the default (403) must be the role gate's; a handler refusing a role it lets in says so in `refused`.
        if (!policy.allow.includes(role) && policy.refused?.[role] === undefined && inGate) {
          problems.push(`${h.key}: policy refuses ${role} by default (403, the role gate) but route({ roles }) lets ${ROLE_NAME[role]} in: narrow the roles, or declare refused.${role}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("every caller gets what the policy declares", { timeout: 900_000 }, async () => {
    const mismatches: string[] = [];
    const report: string[] = [];
    for (const h of handlers()) {
      const policy = ROUTE_POLICY[h.key];
      const planned = w.callers.map((caller) => ({ caller, expected: policy ? expectedOutcome(policy, caller.role, caller.member) : null }));
      // Refused callers first: an allowed call may change what the next one sees.
      planned.sort((a, b) => Number(a.expected?.allowed ?? true) - Number(b.expected?.allowed ?? true));
      for (const { caller, expected } of planned) {
        let res: CallResult;
        try {
          res = await callAs(h.key, h.path, h.method, h.handler, caller);
        } catch (error) {
          mismatches.push(`${h.key} as ${caller.label}: threw ${(error as Error).message}`);
          continue;
        }
        report.push(`${h.key} · ${caller.label}: ${res.status}`);
        if (!expected) continue;
        const ok = expected.allowed ? ![401, 403, 404].includes(res.status) && res.status < 500 : res.status === expected.status;
        if (!ok) {
          const want = expected.allowed ? "allowed (not 401/403/404/5xx)" : String(expected.status);
          mismatches.push(`${h.key} as ${caller.label}: got ${res.status}, policy says ${want} — ${res.text.slice(0, 160)}`);
        }
      }
    }
    if (process.env.ROUTE_MATRIX_REPORT) console.log(report.join("\n"));
    expect(mismatches).toEqual([]);
    expect(report.length).toBe(handlers().length * w.callers.length);
    expect(CALLER_ROLES.every((r) => w.callers.some((c) => c.role === r))).toBe(true);
  });
});
