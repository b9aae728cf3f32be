/**
 * The player's live state, kept OUTSIDE React (PURE: no DOM, no React).
 *
 * The video element changes frame up to 60 times a second; re-rendering React components at
 * that rate is wasteful and janky. Instead the player writes into this tiny store and the
 * read-outs (frame index, timecode, PTS) subscribe and write straight into their DOM nodes.
 * React components that need a slower view (e.g. a "playing" flag for a button) can use
 * `useSyncExternalStore(store.subscribe, store.getState)`.
 */

export type PlayerState = {
  /** PTS table loaded and metadata known. */
  ready: boolean;
  frameCount: number;
  /** Frame currently displayed (from requestVideoFrameCallback's mediaTime, else currentTime). */
  frameIndex: number | null;
  /** Frame a seek is heading to (frame steps chain from it until the frame is displayed). */
  pendingFrame: number | null;
  /** Player (browser) time of the displayed frame, seconds. */
  browserTime: number;
  /** Presentation time of the displayed frame in the ORIGINAL file's timeline, seconds. */
  pts: number | null;
  /** HH:MM:SS:FF of the displayed frame (from the PTS table: exact for variable frame rates). */
  timecode: string;
  playing: boolean;
  /**
   * A pause during playback is being aligned with the frame on screen (frame-controller.ts: about
   * 60 ms, then a seek). The read-out's frame is already the one on screen; the video's position is
   * not yet, so the status says "seeking" until it is.
   */
  settling: boolean;
  /** Last problem to show (PTS table failed to load ...). */
  error: string | null;
};

export type PlayerStore = {
  getState: () => PlayerState;
  setState: (patch: Partial<PlayerState>) => void;
  subscribe: (listener: (state: PlayerState, previous: PlayerState) => void) => () => void;
};

export const INITIAL_PLAYER_STATE: PlayerState = {
  ready: false,
  frameCount: 0,
  frameIndex: null,
  pendingFrame: null,
  browserTime: 0,
  pts: null,
  timecode: "--:--:--:--",
  playing: false,
  settling: false,
  error: null,
};

export function createPlayerStore(initial: Partial<PlayerState> = {}): PlayerStore {
  let state: PlayerState = { ...INITIAL_PLAYER_STATE, ...initial };
  const listeners = new Set<(state: PlayerState, previous: PlayerState) => void>();
  return {
    getState: () => state,
    setState(patch) {
      let changed = false;
      for (const key of Object.keys(patch) as (keyof PlayerState)[]) {
        if (!Object.is(state[key], patch[key])) {
          changed = true;
          break;
        }
      }
      if (!changed) return;
      const previous = state;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
