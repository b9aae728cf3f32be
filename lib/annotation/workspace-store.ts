/**
 * The workspace's document store, kept OUTSIDE React (PURE: no DOM, no React): the document, the
 * selection and unlimited undo / redo within the session. React views read it through
 * `useSyncExternalStore(store.subscribe, store.getState)`; the timeline canvas and the autosave
 * client subscribe directly.
 *
 * Every `edit` is one undo step (a no-op recipe — one returning the same object — is not recorded).
 * `replace` puts a document from outside (the server's version, a merge, a restored revision) and is
 * itself undoable unless `{ history: "reset" }`.
 */
import type { AnnotationDocument } from "./document";

export type UndoStep = { label: string; before: AnnotationDocument; after: AnnotationDocument };

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

export type WorkspaceStore = {
  getState(): WorkspaceState;
  subscribe(listener: (state: WorkspaceState, previous: WorkspaceState) => void): () => void;
  /** One undoable edit; returns false (and records nothing) when read-only or nothing changed. */
  edit(label: string, recipe: (doc: AnnotationDocument) => AnnotationDocument): boolean;
  undo(): boolean;
  redo(): boolean;
  replace(doc: AnnotationDocument, label: string, opts?: { history?: "keep" | "reset" }): void;
  select(id: string | null, part?: "start" | "end" | null): void;
  setReadOnly(readOnly: boolean): void;
  notify(notice: string | null): void;
  /** Listeners of document changes only (autosave): kind and label of the change. */
  onChange(listener: (doc: AnnotationDocument, kind: ChangeKind, label: string) => void): () => void;
};

export function createWorkspaceStore(initial: AnnotationDocument, opts: { readOnly?: boolean } = {}): WorkspaceStore {
  let state: WorkspaceState = { doc: initial, selectedId: null, selectedPart: null, undo: [], redo: [], changeCount: 0, readOnly: !!opts.readOnly, notice: null };
  const listeners = new Set<(s: WorkspaceState, p: WorkspaceState) => void>();
  const changeListeners = new Set<(doc: AnnotationDocument, kind: ChangeKind, label: string) => void>();

  const set = (patch: Partial<WorkspaceState>) => {
    const previous = state;
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state, previous);
  };
  const changed = (kind: ChangeKind, label: string) => {
    for (const l of [...changeListeners]) l(state.doc, kind, label);
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
    edit(label, recipe) {
      if (state.readOnly) return false;
      const before = state.doc;
      const after = recipe(before);
      if (after === before) return false;
      set({ doc: after, undo: [...state.undo, { label, before, after }], redo: [], changeCount: state.changeCount + 1, notice: null });
      changed("edit", label);
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
    replace(doc, label, o = {}) {
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
