"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { AgreementTable } from "@/components/judging/agreement-table";
import { RunScore } from "@/components/judging/run-score";
import { ShortcutHelp } from "@/components/judging/shortcut-help";
import { useJudgementSaver } from "@/components/judging/use-judgement-saver";
import type { FrameController } from "@/components/video-player/frame-controller";
import { VideoPlayer } from "@/components/video-player/video-player";
import type { VsasQueuePayload } from "@/lib/judging/api-schemas";
import { nextUnjudged } from "@/lib/judging/next-unjudged";
import { frameAtBrowserTime } from "@/lib/player/frame-navigation";
import { createPlayerStore } from "@/lib/player/player-store";
import { handleShortcutKey, VSAS_JUDGE_SHORTCUTS, vsasJudgeShortcuts, type VsasJudgeControls } from "@/lib/player/shortcuts";
import type { PtsTable } from "@/lib/video/pts-table";
import { SecondList, type Verdict } from "./second-list";
import { VerdictButtons } from "./verdict-buttons";

const keyOf = (itemId: string, t: number) => `${itemId}|${t}`;
const SCORE_LABELS = { accuracy: "Accuracy A", rubric_mean: "Rubric mean", consistency: "Consistency C", n_judgements: "Judged seconds" };

/**
 * The VSAS grading page: one second at a time, the video paused at that second (frame-exact
 * player), the truth caption and the run's response; yes/no and the 0-3 rubric by keys or
 * buttons, each change autosaved.
 */
export function VsasGrader({ payload }: { payload: VsasQueuePayload }) {
  const { tasks, run } = payload;
  const [pos, setPos] = useState({ task: 0, second: 0 });
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>(() => {
    const out: Record<string, Verdict> = {};
    for (const task of tasks) for (const s of task.seconds) if (s.mine) out[keyOf(task.itemId, s.t)] = s.mine as Verdict;
    return out;
  });
  const [help, setHelp] = useState(false);
  const { save, states, error } = useJudgementSaver(`/api/judge/runs/${encodeURIComponent(run.id)}/vsas`);
  const task = tasks[pos.task];
  const second = task?.seconds[pos.second];
  const rootRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<{ controller: FrameController; table: PtsTable } | null>(null);
  const store = useMemo(() => createPlayerStore({ frameCount: task?.video?.frameCount ?? 0 }), [task?.itemId, task?.video?.frameCount]); // eslint-disable-line react-hooks/exhaustive-deps

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

  const judged = tasks.reduce((n, t) => n + t.seconds.filter((s) => verdicts[keyOf(t.itemId, s.t)]).length, 0);
  const total = tasks.reduce((n, t) => n + t.seconds.length, 0);

  // Read and written synchronously, so two keys pressed before a render (y then 3) both count.
  const verdictsRef = useRef(verdicts);
  const setVerdict = useCallback(
    (change: Partial<Verdict>) => {
      if (!task || !second) return;
      const key = keyOf(task.itemId, second.t);
      const next: Verdict = { ...(verdictsRef.current[key] ?? { binary: null, rubric: null }), ...change };
      verdictsRef.current = { ...verdictsRef.current, [key]: next };
      setVerdicts(verdictsRef.current);
      void save(key, { itemId: task.itemId, t: second.t, binary: next.binary, rubric: next.rubric });
    },
    [task, second, save],
  );

  const step = useCallback(
    (delta: 1 | -1) =>
      setPos((p) => {
        const n = p.second + delta;
        if (n >= 0 && n < (tasks[p.task]?.seconds.length ?? 0)) return { ...p, second: n };
        const t = p.task + delta;
        if (t < 0 || t >= tasks.length) return p;
        return { task: t, second: delta > 0 ? 0 : Math.max(0, tasks[t].seconds.length - 1) };
      }),
    [tasks],
  );

  const controls: VsasJudgeControls = {
    setBinary: (binary) => setVerdict({ binary }),
    setRubric: (rubric) => setVerdict({ rubric }),
    step,
    nextUnjudged: () =>
      setPos((p) =>
        nextUnjudged(tasks, p, (itemId, t) => {
          const v = verdictsRef.current[keyOf(itemId, t)];
          return !!v && v.binary !== null && v.rubric !== null;
        }),
      ),
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

  if (!task) return <p className="text-sm text-slate-600">This project has no task to grade.</p>;
  const current = second ? verdicts[keyOf(task.itemId, second.t)] ?? null : null;
  return (
    <div ref={rootRef} tabIndex={-1} onKeyDownCapture={onKeyDown} className="flex flex-col gap-3 outline-none" data-testid="vsas-grader">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Grade “{run.name}”</h1>
        <span className="text-sm text-slate-600" data-testid="judged-count">
          {judged} / {total} seconds judged by you · press ? for keys
        </span>
      </div>
      <RunScore score={payload.score} labels={SCORE_LABELS} projectId={run.projectId} runId={run.id} />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-2">
          <label className="flex items-center gap-2 text-sm">
            Task
            <select
              className="rounded border px-2 py-1"
              value={pos.task}
              onChange={(e) => {
                setPos({ task: Number(e.target.value), second: 0 });
                rootRef.current?.focus();
              }}
              data-testid="task-select"
            >
              {tasks.map((t, i) => (
                <option key={t.itemId} value={i}>
                  {t.externalId} ({t.taskType})
                </option>
              ))}
            </select>
          </label>
          <p className="text-sm">
            <span className="font-medium">Prompt:</span> {task.prompt}
          </p>
          {task.video ? (
            <VideoPlayer
              key={task.itemId}
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
              <VerdictButtons verdict={current} onChange={setVerdict} state={states[keyOf(task.itemId, second.t)]} />
            </div>
          ) : null}
          {error ? <p className="text-sm text-red-700" role="alert">{error}</p> : null}
        </div>
        <div className="max-h-[70vh] overflow-auto rounded border border-slate-200 bg-white p-2">
          <SecondList
            seconds={task.seconds}
            current={pos.second}
            verdictOf={(t) => verdicts[keyOf(task.itemId, t)] ?? null}
            stateOf={(t) => states[keyOf(task.itemId, t)]}
            onSelect={(i) => {
              setPos((p) => ({ ...p, second: i }));
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
