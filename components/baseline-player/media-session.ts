/**
 * The Media Session actions (hardware media keys, the browser's and the OS's media controls) for a
 * streaming baseline player: every action that could seek, skip or replay is taken over by a
 * handler that does nothing (a registered handler replaces the browser's default behaviour);
 * play and pause go to the given callbacks, which apply the player's own rules. Returns the
 * function that hands the actions back to the browser.
 */
const BLOCKED = ["seekbackward", "seekforward", "seekto", "previoustrack", "nexttrack", "skipad", "stop"] as const;

export function blockMediaSession(handlers: { play: () => void; pause: () => void }): () => void {
  const session = typeof navigator === "undefined" ? undefined : navigator.mediaSession;
  if (!session) return () => {};
  const set = (action: string, handler: (() => void) | null) => {
    try {
      session.setActionHandler(action as MediaSessionAction, handler);
    } catch {
      /* an action this browser does not know */
    }
  };
  for (const action of BLOCKED) set(action, () => {});
  set("play", handlers.play);
  set("pause", handlers.pause);
  return () => {
    for (const action of [...BLOCKED, "play", "pause"]) set(action, null);
  };
}
