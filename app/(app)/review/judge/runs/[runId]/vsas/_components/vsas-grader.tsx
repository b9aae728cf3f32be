"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { AgreementTable } from "@/components/judging/agreement-table";
import { RunScore } from "@/components/judging/run-score";
import { ShortcutHelp } from "@/components/judging/shortcut-help";
import { useJudgementSaver } from "@/components/judging/use-judgement-saver";
import type { FrameController } from "@/components/video-player/frame-controller";
import { VideoPlayer } from "@/components/video-player/video-player";
import type { VsasQueuePayload, VsasStart } from "@/lib/judging/api-schemas";
import { nextUnjudged } from "@/lib/judging/next-unjudged";
import { frameAtBrowserTime } from "@/lib/player/frame-navigation";
import { createPlayerStore } from "@/lib/player/player-store";
import { handleShortcutKey, VSAS_JUDGE_SHORTCUTS, vsasJudgeShortcuts, type VsasJudgeControls } from "@/lib/player/shortcuts";
import type { PtsTable } from "@/lib/video/pts-table";
import { SecondList, type Verdict } from "./second-list";
import { TaskPager } from "./task-pager";
import { VerdictButtons } from "./verdict-buttons";

const SCORE_LABELS = { accuracy: "Accuracy A", rubric_mean: "Rubric mean", consistency: "Consistency C", n_judgements: "Judged seconds" };
const complete = (v: Verdict | undefined) => !!v && v.binary !== null && v.rubric !== null;

/**
 * The VSAS grading page, one task per page (the server's `?page=`): one second at a time, the
 * video paused at that second (frame-exact player), the truth caption and the answer; yes/no and
 * the 0-3 rubric by keys or buttons, each change autosaved. Stepping past the task's last second
 * opens the next task's page at its first second (before its first: the previous task at its
 * last); `u` past the task's last unjudged second opens the next task with one.
 */
export function VsasGrader({ payload, start }: { payload: VsasQueuePayload; start: VsasStart }) {
  const { run, page } = payload;
  const task = payload.tasks[0];
  const router = useRouter();
  const seconds = useMemo(() => task?.seconds ?? [], [task]);
  const [verdicts, setVerdicts] = useState<Record<number, Verdict>>(() => Object.fromEntries(seconds.flatMap((s) => (s.mine ? [[s.t, s.mine as Verdict]] : []))));
  const [pos, setPos] = useState(() => {
    if (start === "last") return Math.max(0, seconds.length - 1);
    if (start === "unjudged") return Math.max(0, seconds.findIndex((s) => !complete(s.mine as Verdict | undefined)));
    return 0;
  });
  // The second the keys act on, committed at once (a key right after ↓ grades the new second).
  const posRef = useRef(pos);
  const moveTo = useCallback((n: number) => {
    posRef.current = n;
    setPos(n);
  }, []);
  const [help, setHelp] = useState(false);
  const { save, states, error, saves, flush } = useJudgementSaver(`/api/judge/runs/${encodeURIComponent(run.id)}/vsas`);
  const second = seconds[pos];
  const rootRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<{ controller: FrameController; table: PtsTable } | null>(null);
  const store = useMemo(() => createPlayerStore({ frameCount: task?.video?.frameCount ?? 0 }), [task?.video?.frameCount]);

  const seekToSecond = useCallback(() => {
    const c = controllerRef.current;
    if (!c || !second || !task?.video) return;
    c.controller.seekToFrame(frameAtBrowserTime(c.table, Math.max(0, second.t - task.video.mediaTimeOffset)) ?? 0);
  }, [second, task]);
  useEffect(() => {
    seekToSecond();
  }, [seekToSecond]);
  useEffect(() => {
    rootRef.current?.focus();
  }, []);

  // Read and written synchronously, so two keys pressed before a render (y then 3) both count.
  const verdictsRef = useRef(verdicts);
  const setVerdict = useCallback(
    (change: Partial<Verdict>) => {
      const second = seconds[posRef.current];
      if (!task || !second) return;
      const next: Verdict = { ...(verdictsRef.current[second.t] ?? { binary: null, rubric: null }), ...change };
      verdictsRef.current = { ...verdictsRef.current, [second.t]: next };
      setVerdicts(verdictsRef.current);
      void save(`${second.t}`, { itemId: task.itemId, ...(task.sessionId ? { sessionId: task.sessionId } : {}), t: second.t, binary: next.binary, rubric: next.rubric });
    },
    [task, seconds, save],
  );

  const [leaving, setLeaving] = useState(false);
  const goToPage = useCallback(
    async (index: number, at: VsasStart = "first") => {
      if (index < 1 || index > page.count || leaving) return;
      setLeaving(true);
      await flush();
      router.push(`?page=${index}${at === "first" ? "" : `&at=${at}`}`);
    },
    [page.count, leaving, flush, router],
  );

  const step = useCallback(
    (delta: 1 | -1) => {
      const n = posRef.current + delta;
      if (n >= 0 && n < seconds.length) moveTo(n);
      else void goToPage(page.index + delta, delta > 0 ? "first" : "last");
    },
    [seconds.length, goToPage, page.index, moveTo],
  );

  const controls: VsasJudgeControls = {
    setBinary: (binary) => setVerdict({ binary }),
    setRubric: (rubric) => setVerdict({ rubric }),
    step,
    nextUnjudged: () => {
      const here = seconds.findIndex((s, i) => i > posRef.current && !complete(verdictsRef.current[s.t]));
      if (here >= 0) return moveTo(here);
      const n = page.entries.length;
      for (let k = 1; k < n; k++) {
        const i = (page.index - 1 + k) % n;
        if (page.entries[i].complete < page.entries[i].seconds) return void goToPage(i + 1, "unjudged");
      }
      moveTo(nextUnjudged([{ seconds }], { task: 0, second: posRef.current }, (_, t) => complete(verdictsRef.current[t])).second);
    },
    stepFrames: (d) => controllerRef.current?.controller.stepFrames(d),
    toggleHelp: () => {
      setHelp((h) => !h);
      rootRef.current?.focus();
    },
    closeHelp: () => {
      setHelp(false);
      rootRef.current?.focus();
    },
  };
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (handleShortcutKey(vsasJudgeShortcuts, controls, e.nativeEvent)) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  if (!task) return <p className="text-sm text-slate-600">This queue has no task to grade.</p>;
  const judgedHere = seconds.filter((s) => verdicts[s.t]).length;
  const judged = page.entries.reduce((n, e, i) => n + (i === page.index - 1 ? judgedHere : e.mine), 0);
  const total = page.entries.reduce((n, e) => n + e.seconds, 0);
  const current = second ? verdicts[second.t] ?? null : null;
  return (
    <div ref={rootRef} tabIndex={-1} onKeyDownCapture={onKeyDown} className="flex flex-col gap-3 outline-none" data-testid="vsas-grader">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Grade “{run.name}”</h1>
        <span className="text-sm text-slate-600" data-testid="judged-count">
          {judged} / {total} seconds judged by you · press ? for keys
        </span>
      </div>
      <RunScore score={payload.score} labels={SCORE_LABELS} projectId={run.projectId} runId={run.id} saves={saves} />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-2">
          <TaskPager
            entries={page.entries}
            index={page.index}
            busy={leaving}
            onGo={(i) => {
              void goToPage(i);
              rootRef.current?.focus();
            }}
          />
          <p className="text-sm">
            <span className="font-medium">Prompt:</span> {task.prompt}
            {task.participant ? <span className="ml-2 text-slate-600">· answer of {task.participant}</span> : null}
          </p>
          {task.video ? (
            <VideoPlayer
              {...task.video}
              label={`Video of task ${task.externalId}`}
              store={store}
              keyboard={false}
              onController={(controller, table) => {
                controllerRef.current = controller && table ? { controller, table } : null;
                seekToSecond();
              }}
            />
          ) : (
            <p className="rounded border border-dashed p-6 text-center text-sm text-slate-500">No video attached to this task yet.</p>
          )}
          {second ? (
            <div className="grid gap-2 rounded border border-slate-200 bg-white p-3 md:grid-cols-2" data-testid="current-second">
              <div>
                <div className="text-xs uppercase text-slate-500">Truth caption at t = {second.t} s</div>
                <div data-testid="current-caption">{second.caption || "(empty)"}</div>
              </div>
              <div>
                <div className="text-xs uppercase text-slate-500">Response</div>
                <div data-testid="current-response">{second.response || "(no response)"}</div>
              </div>
              <VerdictButtons verdict={current} onChange={setVerdict} state={states[`${second.t}`]} />
            </div>
          ) : null}
          {error ? <p className="text-sm text-red-700" role="alert">{error}</p> : null}
        </div>
        <div className="max-h-[70vh] overflow-auto rounded border border-slate-200 bg-white p-2">
          <SecondList
            seconds={seconds}
            current={pos}
            verdictOf={(t) => verdicts[t] ?? null}
            stateOf={(t) => states[`${t}`]}
            onSelect={(i) => {
              moveTo(i);
              rootRef.current?.focus();
            }}
          />
        </div>
      </div>
      <AgreementTable pairs={payload.agreement} />
      {help ? <ShortcutHelp rows={VSAS_JUDGE_SHORTCUTS} onClose={() => { setHelp(false); rootRef.current?.focus(); }} note="They work anywhere on this page except while typing in a field." /> : null}
    </div>
  );
}
