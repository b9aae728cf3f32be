import "server-only";
import { randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { toJsonl } from "@/lib/benchmarks/export-types";
import { linesOf } from "@/lib/benchmarks/text-lines";
import { parseBenchmarkText } from "@/lib/benchmarks/parse-input";
import { defaultProjectSettings } from "@/lib/benchmarks/project-defaults";
import { parseVcbench } from "@/lib/benchmarks/vcbench/parse";
import type { Db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { parseCustomItems } from "@/lib/projects/custom-format";
import { DEMO_FORMS_VIDEO, demoFormProjects, PLANTED } from "./demo-form-items";
import { demoItems, demoVcbenchRecords, type DemoItem } from "./demo-items";

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: Role }> = [
  { email: "admin@playhead.local", name: "Ada Admin", role: "ADMIN" },
  { email: "reviewer@playhead.local", name: "Rene Reviewer", role: "REVIEWER" },
  { email: "annotator@playhead.local", name: "Ann Annotator", role: "ANNOTATOR" },
  { email: "annotator2@playhead.local", name: "Abe Annotator", role: "ANNOTATOR" },
  { email: "participant@playhead.local", name: "Pat Participant", role: "PARTICIPANT" },
];

export const DEMO_PROJECT_NAME = "Demo: streaming counting";

export type SeededAccount = { email: string; role: Role; password: string | null };

/**
 * Creates the demo accounts that do not exist yet. Passwords: `fixedPassword` when given (tests),
 * else a fresh random one per account. Existing accounts are left untouched (password null).
 */
export async function seedDemoAccounts(db: Db, fixedPassword?: string): Promise<SeededAccount[]> {
  const out: SeededAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.user.findUnique({ where: { email: account.email }, select: { id: true } });
    if (existing) {
      out.push({ email: account.email, role: account.role, password: null });
      continue;
    }
    const password = fixedPassword ?? randomBytes(12).toString("base64url");
    await db.user.create({
      data: { ...account, passwordHash: await hashPassword(password) },
    });
    out.push({ email: account.email, role: account.role, password });
  }
  return out;
}

/**
 * The demo project: VCBench streaming counting items on the demo videos, truth derived from the
 * videos' specs. The items are the demo questions written as `vcbench_data.jsonl` records
 * (`demoVcbenchRecords`) and read by the VCBench importer's parser, so the project holds what
 * importing that file would (labels with `source_dataset`, video references
 * `demo-videos/<file>`) and exports as a valid VCBench file. Idempotent: existing items are left
 * as they are. Items whose video is in the library are attached and their query points get frame
 * indices.
 */
export async function seedDemoProject(db: Db): Promise<{ projectId: string; items: number; created: number }> {
  const admin = await db.user.findUnique({ where: { email: DEMO_ACCOUNTS[0].email }, select: { id: true } });
  const items = demoItems();
  const parsed = await parseVcbench(linesOf(toJsonl(demoVcbenchRecords(items))));
  if (parsed.errors.length > 0) throw new Error(`the demo questions are not valid VCBench records: ${parsed.errors[0].message}`);
  const project = await db.project.upsert({
    where: { name: DEMO_PROJECT_NAME },
    update: {},
    create: {
      name: DEMO_PROJECT_NAME,
      slug: "demo-streaming-counting",
      benchmark: "VCBENCH",
      description: "Counting questions on Playhead's generated demo videos (objects appear and disappear at known frames).",
      settings: { metricVariant: "reference", qualificationKappa: 0.8, doubleReview: true, protocol: "STREAMING", native: parsed.meta } as never,
      createdById: admin?.id ?? null,
    },
  });
  const created = await seedVcbenchItems(db, project.id, items, parsed.items);
  // New truth bumps the project's truth version, as an import does (one number on every page).
  if (created > 0) await db.project.update({ where: { id: project.id }, data: { truthVersion: { increment: 1 } } });
  return { projectId: project.id, items: items.length, created };
}

/**
 * Creates the demo VCBench items that do not exist yet in the project (`normalisedItems[i]` is the
 * importer parser's reading of `items[i]`'s record), attached to their demo video when it is in the
 * library (query points then get frame indices). Returns how many were created.
 */
export async function seedVcbenchItems(
  db: Db,
  projectId: string,
  items: readonly DemoItem[],
  normalisedItems: Awaited<ReturnType<typeof parseVcbench>>["items"],
): Promise<number> {
  let created = 0;
  for (const [ordinal, item] of items.entries()) {
    const normalised = normalisedItems[ordinal];
    const exists = await db.item.findUnique({
      where: { projectId_externalId: { projectId: projectId, externalId: item.externalId } },
      select: { id: true },
    });
    if (exists) continue;
    const video = await db.video.findFirst({
      where: { OR: [{ sourcePath: item.videoFile }, { originalName: item.videoFile }] },
      select: { id: true },
    });
    await db.$transaction(async (tx) => {
      const row = await tx.item.create({
        data: {
          projectId: projectId,
          externalId: normalised.externalId,
          ordinal,
          format: normalised.format,
          question: normalised.question,
          presentation: normalised.presentation as never,
          labels: normalised.labels as never,
          videoRef: normalised.videoRef,
          videoId: video?.id ?? null,
        },
      });
      await tx.itemTruth.create({
        data: { itemId: row.id, answer: normalised.truth.answer as never, source: normalised.truth.source as never },
      });
      await tx.queryPoint.createMany({
        data: normalised.queryPoints.map((q) => ({
          itemId: row.id,
          ordinal: q.ordinal,
          timeSec: q.timeSec,
          frameIndex: video ? item.queryFrames[q.ordinal] : null,
        })),
      });
    });
    created++;
  }
  return created;
}

/**
 * The answer-form demo projects (lib/demo/demo-form-items.ts): each project's native file read by
 * its benchmark's importer parser (Playhead's item JSONL for the free-text project), so the
 * projects hold what importing those files would and export as valid files of their formats.
 * Items are attached to demo-cfr30.mp4 when it is in the library and carry a planted staff note.
 * Idempotent like the demo project: existing items are left as they are.
 */
export async function seedDemoFormProjects(db: Db): Promise<{ projects: number; created: number }> {
  const admin = await db.user.findUnique({ where: { email: DEMO_ACCOUNTS[0].email }, select: { id: true } });
  const video = await db.video.findFirst({
    where: { OR: [{ sourcePath: DEMO_FORMS_VIDEO }, { originalName: DEMO_FORMS_VIDEO }] },
    select: { id: true },
  });
  let created = 0;
  const projects = demoFormProjects();
  for (const spec of projects) {
    const parsed = spec.benchmark === "CUSTOM" ? await parseCustomItems(linesOf(spec.native)) : await parseBenchmarkText(spec.benchmark, spec.native);
    if (parsed.errors.length > 0) throw new Error(`the demo project "${spec.name}" is not a valid ${spec.benchmark} file: ${parsed.errors[0].message}`);
    let createdHere = 0;
    const project = await db.project.upsert({
      where: { name: spec.name },
      update: {},
      create: {
        name: spec.name,
        slug: spec.slug,
        benchmark: spec.benchmark,
        description: spec.benchmark === "CUSTOM" ? "The free-text answer form of the human-baseline player, on a demo video." : `Every ${spec.benchmark} answer form of the human-baseline player, on a demo video.`,
        settings: {
          ...(spec.benchmark === "CUSTOM" ? {} : defaultProjectSettings(spec.benchmark)),
          protocol: spec.protocol,
          native: parsed.meta,
        } as never,
        createdById: admin?.id ?? null,
      },
    });
    for (const item of parsed.items) {
      const exists = await db.item.findUnique({
        where: { projectId_externalId: { projectId: project.id, externalId: item.externalId } },
        select: { id: true },
      });
      if (exists) continue;
      await db.item.create({
        data: {
          projectId: project.id,
          externalId: item.externalId,
          ordinal: item.ordinal,
          format: item.format,
          question: item.question,
          presentation: item.presentation as never,
          labels: item.labels as never,
          notes: PLANTED.note,
          videoRef: item.videoRef,
          videoId: video?.id ?? null,
          truth: { create: { answer: item.truth.answer as never, source: item.truth.source as never } },
          queryPoints: { create: item.queryPoints.map((q) => ({ ordinal: q.ordinal, timeSec: q.timeSec })) },
          spans: { create: item.truthSpans.map((sp) => ({ source: "TRUTH" as const, startSec: sp.startSec, endSec: sp.endSec, ...(sp.label ? { label: sp.label } : {}) })) },
        },
      });
      created++;
      createdHere++;
    }
    if (createdHere > 0) await db.project.update({ where: { id: project.id }, data: { truthVersion: { increment: 1 } } });
  }
  return { projects: projects.length, created };
}
