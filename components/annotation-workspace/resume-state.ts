/**
 * Where the annotator was on a task (browser only): the playhead frame and the timeline's zoom,
 * kept in localStorage per task so a reload (or coming back tomorrow) resumes there.
 */
import type { TimelineView } from "./timeline-view";

export type ResumeState = { frame: number | null; view: TimelineView | null };

const key = (taskId: string) => `playhead.workspace.${taskId}`;

export function readResumeState(taskId: string): ResumeState {
  try {
    const raw = window.localStorage.getItem(key(taskId));
    const v = raw ? (JSON.parse(raw) as Partial<ResumeState>) : {};
    const frame = typeof v.frame === "number" && Number.isInteger(v.frame) && v.frame >= 0 ? v.frame : null;
    const view = v.view && Number.isFinite(v.view.start) && Number.isFinite(v.view.end) && v.view.end > v.view.start ? v.view : null;
    return { frame, view };
  } catch {
    return { frame: null, view: null };
  }
}

export function writeResumeState(taskId: string, patch: Partial<ResumeState>): void {
  try {
    const next = { ...readResumeState(taskId), ...patch };
    window.localStorage.setItem(key(taskId), JSON.stringify(next));
  } catch {
    // storage full or blocked: resuming is a convenience, nothing is lost
  }
}
