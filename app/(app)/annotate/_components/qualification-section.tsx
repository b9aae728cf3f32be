import { myQualifications } from "@/lib/review/my-qualifications";
import { QualificationCard } from "./qualification-card";

/** Server part of the queue's Qualification entries: the caller's qualifications (scored when complete), shown by QualificationCard. */
export async function QualificationSection({ userId }: { userId: string }) {
  return <QualificationCard qualifications={await myQualifications(userId)} />;
}
