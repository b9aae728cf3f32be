import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
const dir = mkdtempSync(path.join(os.tmpdir(), "core-prof-"));
process.env.PLAYHEAD_DATA_DIR = path.join(dir, "data");
process.env.DATABASE_URL = `file:${path.join(dir, "p.db")}`;
process.env.NEXTAUTH_SECRET = "x-secret";
const { applyMigrations } = await import("@/lib/db/migrate");
await applyMigrations({ provider: "sqlite", url: process.env.DATABASE_URL });
const { db } = await import("@/lib/db/prisma");
const { generateInto, miniDemoSpec } = await import("@/lib/video/video-test-fixtures");
const { ingestVideo } = await import("@/lib/video-library/ingest-video");
const { encode } = await import("next-auth/jwt");
const { NextRequest } = await import("next/server");
const { getRequestUser } = await import("@/lib/auth/request-user");
const { annotationFor } = await import("@/lib/annotation/annotation-access");
const { assertValidDocument } = await import("@/lib/annotation/save-annotation");
const { summarizeChanges } = await import("@/lib/annotation/summarize-changes");
const { writeVersion } = await import("@/lib/annotation/write-version");
const { saveAnnotationBodySchema } = await import("@/lib/annotation/api-schemas");
const { workspacePayload } = await import("@/lib/annotation/workspace-payload");
const { PUT } = await import("@/app/api/annotations/[id]/route");
const file = await generateInto(dir, miniDemoSpec("cfr30", 300));
const video = (await ingestVideo({ file, mode: "copy" }, { displayName: "b.mp4", via: "import" })).video;
const project = await db.project.create({ data: { name: "P", slug: "p", benchmark: "VCBENCH", settings: {} } });
const user = await db.user.create({ data: { email: "a@x.org", name: "A", role: "ANNOTATOR" } });
await db.projectMember.create({ data: { projectId: project.id, userId: user.id, role: "ANNOTATOR" } });
const item = await db.item.create({ data: { projectId: project.id, externalId: "q", ordinal: 0, format: "count", question: "?", presentation: {}, labels: { subtype: "E1-Action" }, videoRef: "b.mp4", videoId: video.id } });
const task = await db.task.create({ data: { projectId: project.id, itemId: item.id, userId: user.id, kind: "ANNOTATE" } });
const jwt = await encode({ token: { sub: user.id, id: user.id, role: "ANNOTATOR", sv: 0 }, secret: "x-secret", maxAge: 3600 });
const cookie = `next-auth.session-token=${jwt}`;
const su = { id: user.id, role: "ANNOTATOR" as const, email: "a@x.org", name: "A" };
const opened = await workspacePayload(su, task.id);
let version = opened.annotation.version;
const moments: unknown[] = [];
const t: Record<string, number> = {};
const tick = async <T>(k: string, f: () => Promise<T> | T): Promise<T> => { const s = process.cpuUsage(); const r = await f(); const d = process.cpuUsage(s); t[k] = (t[k] ?? 0) + (d.user + d.system) / 1000; return r; };
const N = 200;
for (let i = 0; i < N; i++) {
  moments.push({ id: `m${i}`, at: { frame: i % 300, sec: (i % 300) / 30 }, label: "", comment: "" });
  const body = { baseVersion: version, clientSaveId: `s-${i}-abcdefgh`, data: { ...opened.annotation.data, moments }, elapsedMs: 10 };
  const text = JSON.stringify(body);
  if (i % 2 === 0) {
    const req = new NextRequest("http://localhost:3000/api/annotations/x", { method: "PUT", headers: { cookie, "content-type": "application/json" }, body: text });
    const r = await tick("route total", () => PUT(req, { params: Promise.resolve({ id: opened.annotation.id }) }));
    version = (await r.json()).version;
  } else {
    const req = new NextRequest("http://localhost:3000/api/annotations/x", { method: "PUT", headers: { cookie, "content-type": "application/json" }, body: text });
    await tick("auth", () => getRequestUser(req));
    const parsed = await tick("zod", () => saveAnnotationBodySchema.parse(JSON.parse(text)));
    const { annotation } = await tick("load", () => annotationFor(su, opened.annotation.id));
    await tick("validate", () => assertValidDocument(annotation, parsed.data as never));
    const summary = await tick("summary", () => summarizeChanges(annotation.data as never, parsed.data as never));
    const w = await tick("write", () => writeVersion({ annotationId: annotation.id, authorId: su.id, taskId: annotation.taskId, baseVersion: version, data: parsed.data as never, clientSaveId: parsed.clientSaveId, action: "save", summary, elapsedMs: 10 }));
    version = w.version;
  }
}
for (const [k, v] of Object.entries(t)) console.log(k.padEnd(12), (v / (N / 2)).toFixed(2), "ms avg");
await db.$disconnect();
