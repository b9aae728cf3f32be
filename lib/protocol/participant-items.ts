import "server-only";
import { db } from "@/lib/db/prisma";
import { participantQuestion, type ParticipantQuestion } from "./participant-question";

/**
 * The questions of some items as a participant may see them. The ONLY query participant-facing
 * code runs on Item: an explicit select of question, format, presentation and labels (never
 * notes, external ids, truth, spans or answers), then reduced field by field by
 * participantQuestion(); of the labels only the subtype is read, and only to decide the answer
 * type (never forwarded).
 */
export async function participantQuestions(itemIds: readonly string[], freeRewatch: boolean): Promise<Map<string, ParticipantQuestion>> {
  const out = new Map<string, ParticipantQuestion>();
  const now = Date.now();
  const missing: string[] = [];
  for (const id of new Set(itemIds)) {
    const hit = cache.get(`${freeRewatch ? "f" : "s"}:${id}`);
    if (hit && now - hit.at < TTL_MS) out.set(id, hit.question);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await db.item.findMany({
      where: { id: { in: missing } },
      select: { id: true, format: true, question: true, presentation: true, labels: true },
    });
    for (const r of rows) {
      // Of the labels, only the subtype is read (it decides whether a count may be negative).
      const question = participantQuestion({ ...r, subtype: subtypeOf(r.labels) }, { freeRewatch });
      out.set(r.id, question);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
      cache.set(`${freeRewatch ? "f" : "s"}:${r.id}`, { question, at: now });
    }
  }
  return out;
}

/** Questions are cached briefly per process (an edited wording shows within a minute). */
const cache = new Map<string, { question: ParticipantQuestion; at: number }>();
const TTL_MS = 60_000;
const MAX_CACHED = 20_000;

function subtypeOf(labels: unknown): string | null {
  if (!labels || typeof labels !== "object" || Array.isArray(labels)) return null;
  const subtype = (labels as Record<string, unknown>).subtype;
  return typeof subtype === "string" ? subtype : null;
}
