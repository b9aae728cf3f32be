import { testDb } from "@/tests/support/test-db";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { CONTROL_CHARACTER_PARAM } from "@/lib/http/text-schema";
import type { RouteKey } from "@/lib/http/route-policy";
import { makeRequest, readResponse, routeContext } from "@/tests/support/requests";
import { walkApiRoutes, type ApiHandler } from "@/tests/support/route-walk";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { flatIssues, stringProbes } from "@/tests/support/zod-walk";

/**
 * Every string field of every request schema refuses control characters, by construction: this
 * walks every route.ts under app/api (the body and query schemas route() was given) and every
 * server action (files with "use server" under app/: the input schema action() was given), finds
 * each string field in each schema (tests/support/zod-walk.ts) and puts a NUL there. The schema
 * must refuse it with the control-character issue of lib/http/text-schema.ts AT THAT FIELD — a
 * field declared with a bare z.string() fails this test, naming the route and the field. Then
 * the route itself is called with that body or query: 400 `invalid_input` naming the field.
 * (JSON held by z.unknown() / z.json() fields is checked by the route wrapper's net instead:
 * tests/control-characters.test.ts and lib/http/text-schema.test.ts.)
 */

type Target = { name: string; kind: "body" | "query" | "action"; schema: ZodType; handler?: ApiHandler; roles?: readonly string[] | "public"; path: string };

const NUL_PROBE = "a\u0000b";
let targets: Target[] = [];
const users: Record<string, TestUser> = {};

function actionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...actionFiles(full));
    else if (/\.tsx?$/.test(name) && /^\s*["']use server["']/m.test(readFileSync(full, "utf8"))) out.push(full);
  }
  return out;
}

beforeAll(async () => {
  for (const role of ["ADMIN", "REVIEWER", "ANNOTATOR", "PARTICIPANT"] as const) users[role] = await createTestUser({ role });
  for (const r of await walkApiRoutes()) {
    for (const [method, handler] of Object.entries(r.handlers)) {
      const o = handler!.routeOptions;
      if (!o) continue;
      const key: RouteKey = `${method} ${r.path}` as RouteKey;
      if (o.body) targets.push({ name: `${key} body`, kind: "body", schema: o.body as ZodType, handler, roles: o.roles, path: r.path });
      if (o.query) targets.push({ name: `${key} query`, kind: "query", schema: o.query as ZodType, handler, roles: o.roles, path: r.path });
    }
  }
  for (const file of actionFiles(path.join(process.cwd(), "app"))) {
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, { actionOptions?: { input: ZodType } }>;
    for (const [name, fn] of Object.entries(mod)) {
      if (fn?.actionOptions) targets.push({ name: `action ${name} (${path.relative(process.cwd(), file)})`, kind: "action", schema: fn.actionOptions.input, path: "" });
    }
  }
}, 300_000);

describe(`every string field of every request schema refuses control characters (${testDb.provider})`, () => {
  it("finds the request schemas and their string fields", () => {
    expect(targets.filter((t) => t.kind === "body").length).toBeGreaterThan(30);
    expect(targets.filter((t) => t.kind === "query").length).toBeGreaterThan(10);
    expect(targets.filter((t) => t.kind === "action").length).toBeGreaterThan(0);
    expect(targets.reduce((n, t) => n + stringProbes(t.schema).length, 0)).toBeGreaterThan(100);
  });

  it("a NUL in each string field is refused by the schema, at that field", () => {
    const accepted: string[] = [];
    for (const t of targets) {
      for (const probe of stringProbes(t.schema)) {
        const input = probe.build(NUL_PROBE);
        const result = t.schema.safeParse(input);
        const issues = result.success ? [] : flatIssues(result.error.issues as never);
        const path = probe.key ? [...probe.path, NUL_PROBE] : probe.path;
        const hit = issues.some((i) => i.params?.[CONTROL_CHARACTER_PARAM] && JSON.stringify(i.path.slice(0, path.length)) === JSON.stringify(path));
        if (!hit) accepted.push(`${t.name}: field "${probe.field}" does not refuse control characters (declare it with text() or multilineText() from lib/http/text-schema.ts)`);
      }
    }
    expect([...new Set(accepted)]).toEqual([]);
  });

  it("each route answers a NUL in a body or query field with 400 naming the field", { timeout: 300_000 }, async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const t of targets) {
      if (!t.handler || t.roles === undefined) continue;
      const caller = t.roles === "public" ? users.PARTICIPANT : users[(["ADMIN", "REVIEWER", "ANNOTATOR", "PARTICIPANT"] as const).find((r) => (t.roles as readonly string[]).includes(r))!];
      // Path parameters: plain ids (the request is refused before they are looked up).
      const params = Object.fromEntries([...t.path.matchAll(/:(\w+)(\*)?/g)].map(([, n, star]) => [n, star ? ["x"] : "x"]));
      const filled = t.path.replace(/:(\w+)\*?/g, "x");
      for (const probe of stringProbes(t.schema)) {
        if (t.kind === "query" && probe.path.length !== 1 && !probe.key) continue; // query values are flat strings
        const value = probe.build(NUL_PROBE);
        const method = t.name.split(" ")[0];
        const request =
          t.kind === "body"
            ? await makeRequest(filled, { method, as: caller, json: value })
            : await makeRequest(filled, { method, as: caller, query: value as Record<string, string>, ...(method === "GET" || method === "HEAD" ? {} : { body: "", headers: { "content-type": "application/octet-stream", "x-file-name": "x.txt" } }) });
        const res = await readResponse(await t.handler(request, routeContext(params)));
        calls += 1;
        const field = (probe.key ? [...probe.path, NUL_PROBE] : probe.path).join(".");
        const fields = ((res.json?.error?.details ?? []) as { field: string }[]).map((d) => d.field);
        if (res.status !== 400 || !fields.some((f) => f === field || f.startsWith(`${field}.`))) wrong.push(`${t.name} field "${probe.field}": ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect([...new Set(wrong)]).toEqual([]);
  });
});
