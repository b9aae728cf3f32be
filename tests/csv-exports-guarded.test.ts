import { db, testDb } from "@/tests/support/test-db";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { isFormulaCell } from "@/lib/csv/write-csv";
import { ROUTE_POLICY, routeKey, type RouteKey } from "@/lib/http/route-policy";
import { createItems, createOpenStudy, createProject } from "./baseline-fixtures";
import { call, makeRequest, readResponse, routeContext } from "./support/requests";
import { walkApiRoutes, type WalkedRoute } from "./support/route-walk";
import { requestFor, routeWorld, type World } from "./support/route-world";

/**
 * No CSV the app serves can run as a spreadsheet formula, whoever wrote the text in it. Formula
 * payloads are planted where users write text that reaches a CSV (a run's name, a participant's
 * free-text answer, an EC-Bench question and answer), then EVERY GET route under app/api is
 * requested as an admin with every combination of its query's enum values (format=csv,
 * table=..., ...) and with every planted project and study: every response that is a CSV is
 * parsed and no cell may start with = + - @ tab or CR unless it is a plain number. A new CSV
 * route (or a writer that bypasses lib/csv) fails here without anyone listing it.
 */

const HYPERLINK = '=HYPERLINK("http://evil.example","x")';
const AT = "@SUM(1+1)*cmd|' /C calc'!A0";
const PLUS = "+1+cmd|' /C calc'!A0";

let w: World;
let routes: WalkedRoute[];
let textStudyId = "";
const csvs: { url: string; key: RouteKey; text: string }[] = [];

/** Every combination of the enum values of a query schema's top-level fields (at most 64). */
function enumCombos(schema: ZodType | undefined): Record<string, string>[] {
  if (!schema) return [{}];
  const def = (s: unknown) => (s as { _zod: { def: Record<string, unknown> } })._zod.def;
  const shape = def(schema).shape as Record<string, ZodType> | undefined;
  if (!shape) return [{}];
  const unwrap = (s: ZodType): ZodType => (["optional", "default", "nullable", "catch"].includes(def(s).type as string) ? unwrap(def(s).innerType as ZodType) : s);
  let combos: Record<string, string>[] = [{}];
  for (const [k, s] of Object.entries(shape)) {
    const inner = def(unwrap(s));
    if (inner.type !== "enum") continue;
    const values = Object.values(inner.entries as Record<string, string>).map(String);
    combos = combos.flatMap((c) => [c, ...values.map((v) => ({ ...c, [k]: v }))]).slice(0, 64);
  }
  return combos;
}

beforeAll(async () => {
  w = await routeWorld();
  routes = await walkApiRoutes();
  const admin = w.users["admin:member"];
  // A run named like a formula (leaderboard CSV); an EC-Bench question and answer that are formulas (native export).
  await db.modelRun.update({ where: { id: w.runId }, data: { name: HYPERLINK } });
  const ecItem = await db.item.findUniqueOrThrow({ where: { id: w.ec.itemId } });
  await db.item.update({ where: { id: ecItem.id }, data: { question: AT, truth: { update: { answer: PLUS } } } });
  // A free-text study whose participant answers with a formula (study answers CSV).
  const project = await createProject("TOCBENCH");
  const [item] = await createItems(project.id, w.videoId, [{ externalId: "csv-text", format: "freeform", question: "Describe the scene.", truth: "a kitchen" }]);
  textStudyId = (await createOpenStudy(admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], { participantsPerVideo: null })).studyId;
  const participant = w.users["participant:outsider"];
  expect((await call(enterRoute, "/x", { as: participant, params: { studyId: textStudyId } })).status).toBe(303);
  const sessionId = (await call(consentRoute, "/x", { as: participant, method: "POST", params: { studyId: textStudyId } })).json.sessionId as string;
  const claim = await call(claimRoute, "/x", { as: participant, json: { tabId: "csv-tab-0001" }, params: { id: sessionId } });
  const answer = await call(answerRoute, "/x", { as: participant, json: { askIndex: 0, tabId: "csv-tab-0001", version: claim.json.version, answer: HYPERLINK }, params: { id: sessionId } });
  expect(answer.status, answer.text).toBe(200);

  // Every GET route, as an admin, every enum combination, every planted project and study.
  const adminCaller = w.callers.find((c) => c.role === "admin" && c.member)!;
  for (const r of routes) {
    const handler = r.handlers.GET;
    if (!handler) continue;
    const key = routeKey("GET", r.path);
    if (!ROUTE_POLICY[key]?.allow.includes("admin")) continue;
    const base = await requestFor(key, r.path, adminCaller);
    const variants: Record<string, string>[] = [{}];
    if ("projectId" in base.params) variants.push({ projectId: w.ec.id }, { projectId: project.id });
    if ("studyId" in base.params) variants.push({ studyId: textStudyId });
    for (const override of variants) {
      for (const query of enumCombos(handler.routeOptions?.query as ZodType | undefined)) {
        const params = { ...base.params, ...override };
        const url = r.path.replace(/:(\w+)\*?/g, (_, n: string) => encodeURIComponent(String(params[n])));
        const res = await readResponse(await handler(await makeRequest(url, { as: admin, query: { ...(base.query ?? {}), ...query } }), routeContext(params)));
        if ((res.headers.get("content-type") ?? "").includes("text/csv")) csvs.push({ url: `${url}?${new URLSearchParams(query)}`, key, text: res.text });
      }
    }
  }
}, 900_000);

describe(`every CSV the API serves is formula-safe (${testDb.provider})`, () => {
  it("finds the CSV downloads: leaderboard, agreement tables, EC-Bench native export, study answers", () => {
    const keys = new Set(csvs.map((c) => c.key));
    for (const k of ["GET /api/projects/:projectId/leaderboard", "GET /api/projects/:projectId/agreement", "GET /api/projects/:projectId/export", "GET /api/studies/:studyId/export"] as RouteKey[]) {
      expect(keys, `${k} served no CSV`).toContain(k);
    }
  });

  it("no cell of any of them would run as a formula", () => {
    const formulas: string[] = [];
    for (const c of csvs) {
      const rows = parse(c.text, { relax_column_count: true, bom: true }) as string[][];
      rows.forEach((row, i) => row.forEach((cell, j) => isFormulaCell(cell) && formulas.push(`${c.url} row ${i + 1} column ${j + 1}: ${JSON.stringify(cell)}`)));
    }
    expect(formulas).toEqual([]);
  });

  it("the planted payloads are there, as text: run name, participant answer (answer and answer_text), EC-Bench question and answer", () => {
    const cells = (key: RouteKey, match: (url: string) => boolean) =>
      csvs.filter((c) => c.key === key && match(c.url)).flatMap((c) => (parse(c.text, { relax_column_count: true }) as string[][]).flat());
    expect(cells("GET /api/projects/:projectId/leaderboard", (u) => u.includes(w.vc.id))).toContain(`'${HYPERLINK}`);
    const answers = csvs.find((c) => c.key === "GET /api/studies/:studyId/export" && c.url.includes(textStudyId) && c.url.includes("format=csv"))!;
    const [header, row] = parse(answers.text) as string[][];
    expect(row[header.indexOf("answer")]).toBe(`'${HYPERLINK}`);
    expect(row[header.indexOf("answer_text")]).toBe(`'${HYPERLINK}`);
    const ec = cells("GET /api/projects/:projectId/export", (u) => u.includes(w.ec.id));
    expect(ec).toContain(`'${AT}`);
    expect(ec).toContain(`'${PLUS}`);
  });
});
