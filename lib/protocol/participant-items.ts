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
  const rows = await db.item.findMany({
    where: { id: { in: [...new Set(itemIds)] } },
    select: { id: true, format: true, question: true, presentation: true },
  });
  return new Map(rows.map((r) => [r.id, participantQuestion(r, { freeRewatch })]));
}
