/**
 * The workspace's document store, kept OUTSIDE React (PURE: no DOM, no React): the document, the
 * selection and unlimited undo / redo within the session. React views read it through
 * `useSyncExternalStore(store.subscribe, store.getState)`; the timeline canvas and the autosave
 * client subscribe directly.
 *
 * Every `edit` is one undo step (a no-op recipe — one returning the same object — is not recorded),
 * except that consecutive edits with the same `merge` key (the keystrokes of one burst of typing in
 * one field) make ONE step: every keystroke is in the document (and so in the autosave queue) at
 * once, yet undo steps back over the whole burst. `replace` puts a document from outside (the
 * server's version, a merge, a restored revision) and is itself undoable unless `{ history: "reset" }`.
 *
 * `normalise` (the workspace passes lib/annotation/time-order.ts) is applied to every document the
 * store takes in, the first one included, so lists with a time order are always in it.
 */
import type { AnnotationDocument } from "./document";

export type UndoStep = { label: string; before: AnnotationDocument; after: AnnotationDocument; merge?: string };

export type WorkspaceState = {
  doc: AnnotationDocument;
  /** Selected timeline entity (mark, span, identity, query point, "window") or null. */
  selectedId: string | null;
  /** Which end of a selected span the nudge keys move. */
  selectedPart: "start" | "end" | null;
  undo: readonly UndoStep[];
  redo: readonly UndoStep[];
  /** Increases with every change of `doc` (edit, undo, redo, replace). */
  changeCount: number;
  readOnly: boolean;
  /** Last message to show about an edit that could not be made ("this task has no marks"). */
  notice: string | null;
};

export type ChangeKind = "edit" | "undo" | "redo" | "replace";

/** What a change was: `merged` = it continued the previous step (same burst of typing), not a new change. */
export type ChangeMeta = { merged: boolean };

export type EditOptions = {
  /** Consecutive edits with this key are one undo step (a field's burst of typing). */
  merge?: string;
};

export type WorkspaceStore = {
  getState(): WorkspaceState;
  subscribe(listener: (state: WorkspaceState, previous: WorkspaceState) => void): () => void;
  /** One undoable edit; returns false (and records nothing) when read-only or nothing changed. */
  edit(label: string, recipe: (doc: AnnotationDocument) => AnnotationDocument, opts?: EditOptions): boolean;
  undo(): boolean;
  redo(): boolean;
  replace(doc: AnnotationDocument, label: string, opts?: { history?: "keep" | "reset" }): void;
  select(id: string | null, part?: "start" | "end" | null): void;
  setReadOnly(readOnly: boolean): void;
  notify(notice: string | null): void;
  /** Listeners of document changes only (autosave): kind and label of the change. */
  onChange(listener: (doc: AnnotationDocument, kind: ChangeKind, label: string, meta: ChangeMeta) => void): () => void;
};

export type WorkspaceStoreOptions = {
  readOnly?: boolean;
  /** Applied to every document taken in (returns the same object when there is nothing to change). */
  normalise?: (doc: AnnotationDocument) => AnnotationDocument;
};

export function createWorkspaceStore(initial: AnnotationDocument, opts: WorkspaceStoreOptions = {}): WorkspaceStore {
  const normalise = opts.normalise ?? ((d: AnnotationDocument) => d);
  let state: WorkspaceState = { doc: normalise(initial), selectedId: null, selectedPart: null, undo: [], redo: [], changeCount: 0, readOnly: !!opts.readOnly, notice: null };
  const listeners = new Set<(s: WorkspaceState, p: WorkspaceState) => void>();
  const changeListeners = new Set<(doc: AnnotationDocument, kind: ChangeKind, label: string, meta: ChangeMeta) => void>();

  const set = (patch: Partial<WorkspaceState>) => {
    const previous = state;
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state, previous);
  };
  const changed = (kind: ChangeKind, label: string, merged = false) => {
    for (const l of [...changeListeners]) l(state.doc, kind, label, { merged });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
    edit(label, recipe, o = {}) {
      if (state.readOnly) return false;
      const before = state.doc;
      const next = recipe(before);
      if (next === before) return false;
      const after = normalise(next);
      const top = state.undo[state.undo.length - 1];
      const merged = !!o.merge && !!top && top.merge === o.merge && top.after === before && state.redo.length === 0;
      const undo = merged ? [...state.undo.slice(0, -1), { ...top, after }] : [...state.undo, { label, before, after, ...(o.merge ? { merge: o.merge } : {}) }];
      set({ doc: after, undo, redo: [], changeCount: state.changeCount + 1, notice: null });
      changed("edit", label, merged);
      return true;
    },
    undo() {
      if (state.readOnly || state.undo.length === 0) return false;
      const step = state.undo[state.undo.length - 1];
      set({ doc: step.before, undo: state.undo.slice(0, -1), redo: [...state.redo, step], changeCount: state.changeCount + 1, notice: null });
      changed("undo", step.label);
      return true;
    },
    redo() {
      if (state.readOnly || state.redo.length === 0) return false;
      const step = state.redo[state.redo.length - 1];
      set({ doc: step.after, undo: [...state.undo, step], redo: state.redo.slice(0, -1), changeCount: state.changeCount + 1, notice: null });
      changed("redo", step.label);
      return true;
    },
    replace(incoming, label, o = {}) {
      const doc = normalise(incoming);
      if (doc === state.doc) return;
      const reset = o.history === "reset";
      set({
        doc,
        undo: reset ? [] : [...state.undo, { label, before: state.doc, after: doc }],
        redo: [],
        changeCount: state.changeCount + 1,
      });
      changed("replace", label);
    },
    select(id, part = null) {
      if (id === state.selectedId && part === state.selectedPart) return;
      set({ selectedId: id, selectedPart: id ? part : null });
    },
    setReadOnly(readOnly) {
      if (readOnly !== state.readOnly) set({ readOnly });
    },
    notify(notice) {
      if (notice !== state.notice) set({ notice });
    },
  };
}
