import { describe, expect, it } from "vitest";
import type { AnnotationDocument, VcbenchDocument } from "./document";
import { addMark, deleteEntity } from "./document-ops";
import { createWorkspaceStore } from "./workspace-store";

const empty: VcbenchDocument = { benchmark: "VCBENCH", v: 1, subtype: "E1-Action", moments: [], occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, queryPoints: [], notes: "" };
const moments = (d: AnnotationDocument) => (d as VcbenchDocument).moments.map((m) => m.at.frame);

describe("workspace store", () => {
  it("undoes and redoes without limit, in order", () => {
    const store = createWorkspaceStore(empty);
    const kinds: string[] = [];
    store.onChange((_d, kind, label) => kinds.push(`${kind}:${label}`));
    for (let i = 0; i < 500; i++) store.edit("add mark", (d) => addMark(d, { frame: i, sec: i / 25 }, `m${i}`).doc);
    expect(moments(store.getState().doc).length).toBe(500);
    for (let i = 0; i < 500; i++) expect(store.undo()).toBe(true);
    expect(store.getState().doc).toBe(empty);
    expect(store.undo()).toBe(false);
    for (let i = 0; i < 3; i++) store.redo();
    expect(moments(store.getState().doc)).toEqual([0, 1, 2]);
    // a new edit clears the redo stack
    store.edit("delete", (d) => deleteEntity(d, "m0"));
    expect(store.redo()).toBe(false);
    expect(moments(store.getState().doc)).toEqual([1, 2]);
    expect(kinds.slice(-2)).toEqual(["redo:add mark", "edit:delete"]);
  });

  it("records no step for a no-op and none at all when read-only", () => {
    const store = createWorkspaceStore(empty);
    expect(store.edit("nothing", (d) => d)).toBe(false);
    expect(store.getState().undo.length).toBe(0);
    store.setReadOnly(true);
    expect(store.edit("add", (d) => addMark(d, { frame: 1, sec: 0.04 }, "a").doc)).toBe(false);
    expect(store.getState().doc).toBe(empty);
  });

  it("replace is undoable (taking the server's version can be undone) unless the history is reset", () => {
    const store = createWorkspaceStore(empty);
    store.edit("add", (d) => addMark(d, { frame: 5, sec: 0.2 }, "a").doc);
    const server = addMark(empty, { frame: 9, sec: 0.36 }, "b").doc;
    store.replace(server, "take the server's version");
    expect(moments(store.getState().doc)).toEqual([9]);
    store.undo();
    expect(moments(store.getState().doc)).toEqual([5]);
    store.replace(server, "restore", { history: "reset" });
    expect(store.getState().undo.length).toBe(0);
  });

  it("selection notifies subscribers but is not a document change", () => {
    const store = createWorkspaceStore(empty);
    let changes = 0;
    let notes = 0;
    store.onChange(() => changes++);
    store.subscribe(() => notes++);
    store.select("a", "end");
    expect(store.getState()).toMatchObject({ selectedId: "a", selectedPart: "end" });
    store.select(null, "end");
    expect(store.getState().selectedPart).toBeNull();
    expect([changes, notes]).toEqual([0, 2]);
  });

  it("edits with one merge key in a row are one undo step; each is still a change (with merged set after the first)", () => {
    const store = createWorkspaceStore(empty);
    const seen: boolean[] = [];
    store.onChange((_d, _k, _l, meta) => seen.push(meta.merged));
    for (const text of ["c", "cl", "cla", "clap"]) store.edit("notes", (d) => ({ ...d, notes: text }), { merge: "notes:0" });
    store.edit("notes", (d) => ({ ...d, notes: "clap!" }), { merge: "notes:1" });
    expect(store.getState().undo.length).toBe(2);
    expect(seen).toEqual([false, true, true, true, false]);
    store.undo();
    expect((store.getState().doc as VcbenchDocument).notes).toBe("clap");
    store.undo();
    expect((store.getState().doc as VcbenchDocument).notes).toBe("");
    // After an undo, the same key starts a new step.
    store.edit("notes", (d) => ({ ...d, notes: "x" }), { merge: "notes:0" });
    expect(store.getState().undo.length).toBe(1);
  });

  it("normalise applies to the first document, every edit and every replacement", () => {
    const sortMoments = (d: AnnotationDocument) => (d.benchmark === "VCBENCH" ? { ...d, moments: [...d.moments].sort((a, b) => a.at.frame - b.at.frame) } : d);
    const start = addMark(addMark(empty, { frame: 9, sec: 0.36 }, "b").doc, { frame: 3, sec: 0.12 }, "a").doc;
    const store = createWorkspaceStore(start, { normalise: sortMoments });
    expect(moments(store.getState().doc)).toEqual([3, 9]);
    store.edit("add", (d) => addMark(d, { frame: 1, sec: 0.04 }, "c").doc);
    expect(moments(store.getState().doc)).toEqual([1, 3, 9]);
    store.replace(start, "theirs");
    expect(moments(store.getState().doc)).toEqual([3, 9]);
  });
});
