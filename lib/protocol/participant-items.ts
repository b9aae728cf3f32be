import "server-only";
import { db } from "@/lib/db/prisma";
import { participantQuestion, type ParticipantQuestion } from "./participant-question";

/**
 * The questions of some items as a participant may see them. The ONLY query participant-facing
 * code runs on Item: an explicit select of question, format and presentation (never labels,
 * notes, external ids, truth, spans or answers), then reduced field by field by
 * participantQuestion().
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
      select: { id: true, format: true, question: true, presentation: true },
    });
    for (const r of rows) {
      const question = participantQuestion(r, { freeRewatch });
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
