import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { StudyResults } from "@/lib/studies/results";
import { RescoreButton } from "./rescore-button";

const pct = (v: unknown) => (typeof v === "number" ? (v * 100).toFixed(1) : "–");
const secs = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(1)} s`);

function scoreSummary(agg: Record<string, unknown> | null | undefined): string {
  if (!agg) return "–";
  const vc = (agg.vcbench as { overall?: { gpa: number | null; moc: number | null; uda: number | null } } | undefined)?.overall;
  if (vc) return `GPA ${pct(vc.gpa)} · MoC ${pct(vc.moc)} · UDA ${pct(vc.uda)}`;
  const means = agg.means as Record<string, { mean: number }> | undefined;
  if (typeof agg.accuracy === "number") return `accuracy ${pct(agg.accuracy)}${means?.mra ? ` · MRA ${pct(means.mra.mean)}` : ""}`;
  if (means?.score) return `score ${pct(means.score.mean)}`;
  return "not scored automatically";
}

/** Results: aggregate human row, per participant / session scores, answer times, flags, logs and exports. */
export function ResultsTable({ results }: { results: StudyResults }) {
  const { summary, study, run } = results;
  return (
    <Card>
      <CardHeader
        title="Results"
        description={`${summary.participants} participants · ${summary.completed}/${summary.sessions} sessions complete · ${summary.abandoned} abandoned · ${summary.attentionFailures} failed attention checks (${
          study.settings.excludeFailedAttention ? `${summary.excludedParticipants} participants excluded from the human row` : "flagged, kept in the human row"
        }) · ${summary.unseenAnswers} unseen answers (not scored) · median answer time ${secs(summary.latencyMedianMs)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <a className={buttonClasses("secondary", "sm")} href={`/api/studies/${study.id}/export?format=native`}>
              Export ({study.benchmark} predictions)
            </a>
            <a className={buttonClasses("secondary", "sm")} href={`/api/studies/${study.id}/export?format=csv`}>
              Export CSV with timings
            </a>
            <RescoreButton studyId={study.id} />
          </div>
        }
      />
      <CardBody className="space-y-4">
        <p className="text-sm">
          <span className="font-medium">Human row:</span> {run ? `${run.name}: ${scoreSummary(run.aggregates as Record<string, unknown>)}` : "no completed session yet"}
        </p>
        <Table>
          <THead>
            <Tr>
              <Th>Participant</Th>
              <Th>Video</Th>
              <Th>Status</Th>
              <Th>Answered</Th>
              <Th>Score</Th>
              <Th>Answer time (median / max)</Th>
              <Th>Flags</Th>
              <Th>Log</Th>
            </Tr>
          </THead>
          <TBody>
            {results.participants.flatMap((p) =>
              (p.sessions.length ? p.sessions : [null]).map((s, i) => (
                <Tr key={`${p.id}-${s?.id ?? "none"}`}>
                  <Td>{i === 0 ? p.label : ""}</Td>
                  <Td>{s?.videoName ?? "–"}</Td>
                  <Td>{s ? <Badge tone={s.status === "COMPLETED" ? "green" : s.abandoned ? "red" : "neutral"}>{s.abandoned && s.status === "ACTIVE" ? "ABANDONED?" : s.status}</Badge> : "no session"}</Td>
                  <Td>{s ? `${s.answered}/${s.askCount}` : "–"}</Td>
                  <Td>{s ? scoreSummary(s.scores) : "–"}</Td>
                  <Td>{s ? `${secs(s.latencyMs.median)} / ${secs(s.latencyMs.max)}` : "–"}</Td>
                  <Td>
                    {s?.attentionFailed.length ? <Badge tone="red">attention: {s.attentionFailed.join(", ")}</Badge> : null}
                    {i === 0 && p.excluded && (
                      <Badge tone="red">
                        <span data-testid="participant-excluded">excluded from the human row: {p.excluded}</span>
                      </Badge>
                    )}
                    {i === 0 && p.flags.filter((f) => f !== "attention check failed").map((f) => <Badge key={f} tone="amber">{f}</Badge>)}
                  </Td>
                  <Td>
                    {s && (
                      <a className="text-blue-700 hover:underline" href={`/api/studies/${study.id}/sessions/${s.id}/log`}>
                        playback log
                      </a>
                    )}
                  </Td>
                </Tr>
              )),
            )}
          </TBody>
        </Table>
      </CardBody>
    </Card>
  );
}
