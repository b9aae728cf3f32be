"use client";

import "video.js/dist/video-js.css";
import { useEffect, useMemo, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { createPlayerStore, type PlayerStore } from "@/lib/player/player-store";
import { displayCombo, handleShortcutKey, playerShortcuts, type PlayerControls } from "@/lib/player/shortcuts";
import { decodePtsTable, type PtsTable } from "@/lib/video/pts-table";
import { attachFrameController, type FrameController } from "./frame-controller";
import { FrameReadout } from "./frame-readout";

export type VideoPlayerProps = {
  /** Media URL (range-served), e.g. /api/media/<id>. */
  src: string;
  mimeType: string;
  /** Binary PTS sidecar of the played file, e.g. /api/videos/<id>/pts. */
  ptsUrl: string;
  /** original PTS - playback PTS (seconds); shown times are in the original's timeline. */
  mediaTimeOffset: number;
  frameCount: number;
  /** Accessible name of the player region. */
  label: string;
  poster?: string | null;
  autoFocus?: boolean;
  /** A store owned by the caller (the annotation workspace reads the frame from it); default: the player's own. */
  store?: PlayerStore;
  /** Called when the PTS table is loaded and the frame controller attached (null when it detaches). */
  onController?: (controller: FrameController | null, table: PtsTable | null) => void;
  /** false: the page handles the keys itself (one registry for the whole page); no own shortcut list. Default true. */
  keyboard?: boolean;
  /**
   * true: video.js's own chrome as well (big play button, control bar with seek bar, volume, speed,
   * full screen, loading spinner), drawn over the picture: the video library's preview pages.
   * Default false: nothing is drawn over the picture, the controls below it are the only ones
   * (the annotation workspace, the adjudication view, the judge pages: issue 19.5).
   */
  libraryControls?: boolean;
};

type VjsPlayer = { dispose: () => void; el: () => Element | null };

/**
 * video.js without any of its components that draw over the picture: no controls (so no click or
 * double-click handling on the picture either), no big play button, control bar, loading spinner,
 * text track layer, error modal, title bar or poster layer. Only the video itself remains.
 */
const BARE_PLAYER = {
  controls: false,
  bigPlayButton: false,
  controlBar: false,
  loadingSpinner: false,
  textTrackDisplay: false,
  textTrackSettings: false,
  errorDisplay: false,
  titleBar: false,
  posterImage: false,
} as const;

/**
 * video.js 8 player with frame-accurate stepping. Keyboard shortcuts (lib/player/shortcuts.ts)
 * act only while focus is inside the player; they are handled in the capture phase so that
 * video.js's own controls (seek bar: ±5 s on arrows) never see them.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, mimeType, ptsUrl, mediaTimeOffset, frameCount, label, poster, autoFocus, keyboard = true, libraryControls = false } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<FrameController | null>(null);
  const ownStore = useMemo(() => (props.store ? null : createPlayerStore({ frameCount })), [frameCount, props.store]);
  const store = props.store ?? ownStore!;
  const onControllerRef = useRef(props.onController);
  onControllerRef.current = props.onController;

  const controls = useMemo<PlayerControls>(
    () => ({
      stepFrames: (delta) => controllerRef.current?.stepFrames(delta),
      togglePlay: () => controllerRef.current?.togglePlay(),
    }),
    [],
  );

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let cancelled = false;
    let player: VjsPlayer | null = null;
    const abort = new AbortController();
    // video.js replaces and moves elements: give it a node React does not manage.
    const videoElement = document.createElement("video");
    videoElement.className = libraryControls ? "video-js vjs-default-skin vjs-big-play-centered" : "video-js";
    videoElement.setAttribute("playsinline", "");
    videoElement.setAttribute("preload", "auto");
    videoElement.setAttribute("data-testid", "video");
    if (poster) videoElement.setAttribute("poster", poster);
    mount.appendChild(videoElement);

    (async () => {
      const [{ default: videojs }, table] = await Promise.all([
        import("video.js"),
        fetch(ptsUrl, { signal: abort.signal, credentials: "same-origin" }).then(async (r) => {
          if (!r.ok) throw new Error(`PTS table: HTTP ${r.status}`);
          return decodePtsTable(new Uint8Array(await r.arrayBuffer()));
        }),
      ]);
      if (cancelled) return;
      player = videojs(videoElement, {
        preload: "auto",
        fluid: true,
        userActions: { hotkeys: false },
        sources: [{ src, type: mimeType }],
        ...(libraryControls ? { controls: true, playbackRates: [0.25, 0.5, 1, 1.5, 2] } : BARE_PLAYER),
      }) as unknown as VjsPlayer;
      // The tech element is the <video> we created (video.js keeps it as the HTML5 tech).
      const tech = (player.el()?.querySelector("video") ?? videoElement) as HTMLVideoElement;
      tech.setAttribute("data-testid", "video");
      // Without video.js's error modal, a media error is said in the read-out (player-status).
      tech.addEventListener("error", () => {
        const code = tech.error?.code;
        store.setState({ error: `cannot play the video${code ? ` (media error ${code})` : ""}` });
      });
      controllerRef.current = attachFrameController(tech, table, store, mediaTimeOffset);
      onControllerRef.current?.(controllerRef.current, table);
    })().catch((e: unknown) => {
      if (cancelled) return;
      store.setState({ error: `cannot load the player: ${(e as Error).message}` });
    });

    return () => {
      cancelled = true;
      abort.abort();
      controllerRef.current?.detach();
      controllerRef.current = null;
      onControllerRef.current?.(null, null);
      if (player) player.dispose();
      else videoElement.remove();
      store.setState({ ready: false, frameIndex: null, pendingFrame: null, playing: false });
    };
  }, [src, mimeType, ptsUrl, mediaTimeOffset, poster, store, libraryControls]);

  useEffect(() => {
    if (autoFocus) rootRef.current?.focus();
  }, [autoFocus]);

  const onKeyDownCapture = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!keyboard) return;
    if (handleShortcutKey(playerShortcuts, controls, e.nativeEvent)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <div
      ref={rootRef}
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-keyshortcuts={keyboard ? playerShortcuts.shortcuts.flatMap((s) => s.keys).join(" ") : undefined}
      onKeyDownCapture={onKeyDownCapture}
      className="flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      data-testid="video-player"
      data-shortcut-chrome=""
    >
      {/* A click on the picture plays / pauses, as video.js's own click handling did (it is off without its controls). */}
      <div ref={mountRef} className="w-full" onClick={libraryControls ? undefined : () => controls.togglePlay()} />
      <FrameReadout store={store} frameCount={frameCount} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button type="button" className="rounded border px-2 py-1" onClick={() => controls.stepFrames(-10)} aria-label="10 frames back">
          «
        </button>
        <button type="button" className="rounded border px-2 py-1" onClick={() => controls.stepFrames(-1)} aria-label="Previous frame">
          ‹ frame
        </button>
        <button type="button" className="rounded border px-2 py-1" onClick={() => controls.togglePlay()}>
          Play / pause
        </button>
        <button type="button" className="rounded border px-2 py-1" onClick={() => controls.stepFrames(1)} aria-label="Next frame">
          frame ›
        </button>
        <button type="button" className="rounded border px-2 py-1" onClick={() => controls.stepFrames(10)} aria-label="10 frames forward">
          »
        </button>
      </div>
      {keyboard && (
      <details className="text-xs text-neutral-600">
        <summary>Keyboard shortcuts (click the player first)</summary>
        <ul className="mt-1 grid grid-cols-[auto_1fr] gap-x-4">
          {playerShortcuts.shortcuts.map((s) => (
            <li key={s.id} className="contents">
              <kbd className="font-mono">{s.keys.map(displayCombo).join(", ")}</kbd>
              <span>{s.description}</span>
            </li>
          ))}
        </ul>
      </details>
      )}
    </div>
  );
}
