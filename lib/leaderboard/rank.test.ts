import { describe, expect, it } from "vitest";
import { columnsFor } from "./columns";
import { leaderboardCsv } from "./csv";
import { rankRows } from "./rank";
import type { LeaderboardData, LeaderboardRow } from "./types";

const row = (name: string, acc: number | null, judging?: LeaderboardRow["judging"]): LeaderboardRow => ({
  runId: name,
  name,
  kind: "MODEL",
  status: "DONE",
  stale: false,
  truthVersion: 1,
  scoredAt: null,
  source: "",
  values: { "acc.overall": acc },
  ...(judging ? { judging } : {}),
});
const partial = { unit: "second" as const, judged: 1, total: 20, final: false, basis: "judged" as const };
const final = { unit: "second" as const, judged: 20, total: 20, final: true, basis: "judged" as const };

describe("rankRows: a partial run is never ranked", () => {
  it("ranks final rows by the column; partial rows come after, unranked, whatever their value", () => {
    const ranked = rankRows([row("half judged", 100, partial), row("b", 60, final), row("c", 80, final), row("none", null, final), row("d", 70)], "acc.overall", true);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([
      ["c", 1],
      ["d", 2],
      ["b", 3],
      ["none", 4],
      ["half judged", null],
    ]);
    // Lower is better: same rule.
    expect(rankRows([row("p", 1, partial), row("x", 5), row("y", 3)], "acc.overall", false).map((r) => [r.name, r.rank])).toEqual([
      ["y", 1],
      ["x", 2],
      ["p", null],
    ]);
  });
});

describe("leaderboardCsv: judged, judged_of and final columns", () => {
  it("says which runs are partial and leaves their rank empty", () => {
    const data: LeaderboardData = {
      project: { id: "p", name: "P", slug: "p", benchmark: "VSAS", truthVersion: 1, variant: "reference" },
      columns: columnsFor("VSAS", new Set(["acc.overall"])),
      primary: "acc.overall",
      rows: rankRows([row("judged", 50, final), row("started", 100, partial), row("other", 40)], "acc.overall", true),
      chanceNote: "",
      ci: null,
    };
    const lines = leaderboardCsv(data).split("\r\n");
    expect(lines[0]).toBe("rank,run,kind,stale,status,truth_version,scored_at,Accuracy Overall (x100),Consistency Overall (x100),judged,judged_of,final");
    expect(lines[1]).toBe("1,judged,MODEL,no,DONE,1,,50,,20,20,yes");
    expect(lines[2]).toBe("2,other,MODEL,no,DONE,1,,40,,,,yes");
    expect(lines[3]).toBe(",started,MODEL,no,DONE,1,,100,,1,20,no");
  });
});
