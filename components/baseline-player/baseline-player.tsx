"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { AnswerForm } from "@/components/answer-forms/answer-form";
import { LiveResponse } from "@/components/answer-forms/live-response";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { busyMessage } from "@/lib/http/retry-while-busy";
import type { SessionState } from "@/lib/protocol/session-state";
import { FreeVideo } from "./free-video";
import { claimSession, fetchState, isApiError, postAnswer, tabIdFor } from "./session-api";
import { stretchSource } from "./stretch-source";
import { StreamVideo } from "./stream-video";

type Phase = "loading" | "ready" | "playing" | "question" | "submitting" | "superseded" | "done" | "error";

/**
 * The participant's player for one baseline session.
 *
 * STREAMING: plays the session's own playlist (the current stretch only), pauses on the
 * query-point frame, shows the question, and resumes only once the server accepted the answer
 * and released the next stretch (a fresh playlist). Nothing is loaded before "Start the video"
 * (a reload before it keeps the stretch unserved, so it still plays in full). Arriving at a
 * question without having played up to it in this page (a reload at a pause, a second tab), the
 * player shows the paused frame as a still picture (GET /api/sessions/[id]/still: exactly the
 * query point's frame) instead of a black video. FREE_REWATCH: the whole video with a seek bar
 * and every question, each answered once and locked.
 * The tab claims the session on load; if another tab claims it later, this one stops and says so.
 */
export function BaselinePlayer({ studyId, sessionId }: { studyId: string; sessionId: string }) {
  const [state, setState] = useState<SessionState | null>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [message, setMessage] = useState<string | null>(null);
  /** While the claim is tried again (busy front end or no connection): what the participant is told. */
  const [waiting, setWaiting] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  /** A stretch was played up to its pause in this page (else a question shows the still). */
  const [playedHere, setPlayedHere] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  // Free rewatch: the first signed media URL is kept (a fresh one comes with every state and would
  // reload the video after each answer); it is valid for hours.
  const mediaUrl = useRef<string | null>(null);
  const [timeline, setTimeline] = useState<{ sec: number; text: string }[]>([]);
  const pausedAt = useRef<number | null>(null);
  const questionShownAt = useRef<Map<number, number>>(new Map());
  const tabId = useRef<string>("");

  const apply = useCallback((s: SessionState) => {
    setState(s);
    if (s.status !== "ACTIVE") {
      setPhase("done");
      return;
    }
    if (!s.isActiveTab) {
      setPhase("superseded");
      return;
    }
    if (s.protocol === "STREAMING") {
      if (s.streaming?.askIndex === null) setPhase("done");
      else if (!s.streaming?.playlistUrl) {
        pausedAt.current = performance.now();
        setPhase("question");
      } else setPhase((p) => (p === "loading" ? "ready" : "playing"));
    } else setPhase("ready");
  }, []);

  const claim = useCallback(async () => {
    setMessage(null);
    try {
      tabId.current = tabIdFor(sessionId);
      apply(await claimSession(sessionId, tabId.current, (reason) => setWaiting(busyMessage(reason))));
    } catch (e) {
      if (isApiError(e) && e.status === 410) setPhase("done");
      else {
        setPhase("error");
        setMessage(isApiError(e) ? e.message : "Cannot reach the server.");
      }
    }
    setWaiting(null);
  }, [apply, sessionId]);

  useEffect(() => {
    void claim();
  }, [claim]);

  const submit = async (askIndex: number, answer: unknown) => {
    if (!state) return;
    setPhase("submitting");
    setMessage(null);
    const since = state.protocol === "STREAMING" ? pausedAt.current : questionShownAt.current.get(askIndex) ?? null;
    try {
      const r = await postAnswer(sessionId, {
        askIndex,
        tabId: tabId.current,
        version: state.version,
        answer,
        latencyMs: since === null ? undefined : Math.max(0, Math.round(performance.now() - since)),
        positionSec: state.protocol === "FREE_REWATCH" ? position : undefined,
      });
      pausedAt.current = null;
      setTimeline([]);
      // Submitting is a user gesture: the next stretch may start by itself (also after a reload
      // or in a tab that resumed at a question and never pressed "Start").
      setStarted(true);
      apply(r.state);
    } catch (e) {
      if (isApiError(e) && e.code === "tab_superseded") setPhase("superseded");
      else if (isApiError(e) && e.status === 410) setPhase("done");
      else {
        setMessage(isApiError(e) ? e.message : "Cannot reach the server; your answer was not saved. Try again.");
        try {
          const s = await fetchState(sessionId, tabId.current);
          setState(s);
        } catch {
          /* keep the current state */
        }
        setPhase(state.protocol === "STREAMING" ? "question" : "ready");
      }
    }
  };

  if (phase === "loading")
    return (
      <p className="text-sm text-slate-600" role="status" data-testid="session-loading">
        Loading the session…{waiting ? ` ${waiting}` : ""}
      </p>
    );
  if (phase === "error") return <Alert tone="error" title="The session cannot continue">{message}</Alert>;
  if (phase === "superseded") {
    return (
      <Alert tone="warning" title="This session continues in another tab or window">
        <p>Only one tab can answer. You can continue here instead (the other tab will stop).</p>
        <Button className="mt-2" onClick={() => void claim()}>
          Continue in this tab
        </Button>
      </Alert>
    );
  }
  if (phase === "done" || !state) {
    return (
      <div className="space-y-3" data-testid="session-finished">
        <Alert tone="success" title="This part is finished">
          {state?.status === "ABANDONED" ? "This session was closed (time limit or study closed)." : "Thank you, your answers are saved."}
        </Alert>
        {state?.nextSessionId ? (
          <Link className={buttonClasses()} href={`/s/${studyId}/session/${state.nextSessionId}`}>
            Continue with the next video
          </Link>
        ) : (
          <Link className={buttonClasses()} href={`/s/${studyId}/done`}>
            Finish
          </Link>
        )}
      </div>
    );
  }

  const progress = `${state.answeredCount} of ${state.askCount} answered`;

  if (state.protocol === "FREE_REWATCH" && state.freeRewatch) {
    const fr = state.freeRewatch;
    if (fr.mediaUrl && !mediaUrl.current) mediaUrl.current = fr.mediaUrl;
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{progress}. You may watch the video as often as you like; each answer is final once submitted.</p>
        {mediaUrl.current && (
          <FreeVideo src={mediaUrl.current} playbackRate={state.playbackRate} onError={setMessage} onPosition={setPosition} onDuration={setDuration} />
        )}
        {message && <Alert tone="error">{message}</Alert>}
        <ol className="space-y-4">
          {fr.asks.map((a) => (
            <li key={a.askIndex} className="rounded-lg border border-slate-200 p-4" data-testid="question" data-answered={a.answered}>
              <p className="mb-3 font-medium" ref={() => void (questionShownAt.current.has(a.askIndex) || questionShownAt.current.set(a.askIndex, performance.now()))}>
                {a.askIndex + 1}. {a.question.question}
              </p>
              {a.answered ? (
                <p className="text-sm text-green-700" data-testid="answer-locked">
                  Answered (locked).
                </p>
              ) : (
                <AnswerForm
                  question={a.question}
                  disabled={phase === "submitting"}
                  positionSec={position}
                  durationSec={duration}
                  onSubmit={(v) => submit(a.askIndex, v)}
                />
              )}
            </li>
          ))}
        </ol>
      </div>
    );
  }

  const st = state.streaming!;
  const ask = st.askIndex;
  const question = st.question;
  const showQuestion = phase === "question" || phase === "submitting";
  const showStill = showQuestion && !playedHere && ask !== null;
  const startLabel = state.answeredCount > 0 ? `Resume: question ${state.answeredCount + 1} of ${state.askCount}` : "Start the video";
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {progress}. The video stops by itself at each question; answer to continue. You cannot rewind or skip ahead.
      </p>
      {question && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm">
          <span className="font-medium">Task:</span> {question.question}
        </p>
      )}
      {showStill && (
        <img
          src={`/api/sessions/${encodeURIComponent(sessionId)}/still?ask=${ask}`}
          alt="The video, paused at this question"
          className="w-full rounded bg-black"
          draggable={false}
          data-testid="baseline-still"
        />
      )}
      <div className={showStill ? "hidden" : showQuestion ? "pointer-events-none" : undefined}>
        <StreamVideo
          src={started ? stretchSource(st) : null}
          durationSec={st.stretch?.durationSec ?? 0}
          playbackRate={state.playbackRate}
          allowVoluntaryPause={state.allowVoluntaryPause}
          onReached={() => {
            pausedAt.current = performance.now();
            setPlayedHere(true);
            setPhase("question");
          }}
          onError={(m) => setMessage(`${m} Reload the page to resume where you were.`)}
          onPosition={(t) => setPosition((st.stretch?.startSec ?? 0) + t)}
        />
      </div>
      {question?.kind === "live_response" && !showQuestion && <LiveResponse positionSec={position} active={phase === "playing"} onTimeline={setTimeline} />}
      {phase === "ready" && (
        <Button
          onClick={() => {
            // Loading the stretch (and so serving it) starts here, with the user's gesture.
            setStarted(true);
            setPhase("playing");
          }}
          data-testid="baseline-start"
        >
          {startLabel}
        </Button>
      )}
      {message && <Alert tone="error">{message}</Alert>}
      {showQuestion && st.unseen && (
        <Alert tone="warning" title="Part of the video before this question was not shown">
          <span data-testid="unseen-notice">
            The page was reloaded (or opened elsewhere) while the video played, and what had not been shown yet cannot be played again. Answer
            as well as you can: your answer is kept, marked as given without seeing all of the video.
          </span>
        </Alert>
      )}
      {showQuestion && question && ask !== null && (
        <div className="rounded-lg border border-blue-200 bg-blue-50/40 p-4" data-testid="question">
          <p className="mb-3 font-medium">{question.question}</p>
          <AnswerForm key={`${ask}-${state.version}`} question={question} liveTimeline={timeline} disabled={phase === "submitting"} onSubmit={(v) => submit(ask, v)} />
        </div>
      )}
    </div>
  );
}
