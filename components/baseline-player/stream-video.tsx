"use client";

import "video.js/dist/video-js.css";
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { handleShortcutKey, streamingPlayerShortcuts } from "@/lib/player/shortcuts";
import { attachNoSeekGuard, type NoSeekGuard } from "./no-seek-guard";
import { blockMediaSession } from "./media-session";
import { createVideoElement, loadVideoJs, techElement, type VjsPlayer } from "./vjs";

export type StreamVideoProps = {
  /**
   * The current stretch's playlist (changes after every accepted answer): the playlist route's URL,
   * or a `data:` URL of the playlist the accepted answer brought (stretch-source.ts), or null.
   * Loading the route makes the server serve the stretch, so the player gets it only once the
   * participant pressed "Start" (or answered): a page that is merely open (and reloaded) has
   * been served nothing, and the stretch stays whole for when it really plays.
   */
  src: string | null;
  durationSec: number;
  playbackRate: number;
  allowVoluntaryPause: boolean;
  onReached: () => void;
  onError: (message: string) => void;
  onPosition?: (seconds: number) => void;
};

/**
 * video.js + VHS playing one stretch of a streaming session: no seek bar (control bar without
 * progress control, time displays or rate menu), no big play button, seeking keys taken by the
 * one shortcut registry (lib/player/shortcuts.ts), media-session actions blocked, the browser's
 * context menu off, programmatic seeks and rate changes reverted (no-seek-guard.ts), and a pause
 * exactly where the stretch ends (the query-point frame: the server's last segment ends there).
 * At the pause the controls go away (nothing to replay: video.js would show its replay button)
 * and play() does nothing until the next stretch is loaded.
 */
export function StreamVideo(props: StreamVideoProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<VjsPlayer | null>(null);
  const techRef = useRef<HTMLVideoElement | null>(null);
  const guardRef = useRef<NoSeekGuard | null>(null);
  const positionListener = useRef<(() => void) | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let cancelled = false;
    const element = createVideoElement("baseline-video");
    mount.appendChild(element);
    const noMenu = (e: Event) => e.preventDefault();
    mount.addEventListener("contextmenu", noMenu);
    const unblock = blockMediaSession({
      play: () => {
        if (guardRef.current && !guardRef.current.reached()) void playerRef.current?.play()?.catch(() => {});
      },
      pause: () => {
        if (propsRef.current.allowVoluntaryPause) playerRef.current?.pause();
      },
    });
    (async () => {
      const videojs = await loadVideoJs();
      if (cancelled) return;
      limitBufferAhead(videojs);
      const p = propsRef.current;
      const player = videojs(element, {
        controls: true,
        preload: "auto",
        fluid: true,
        playbackRates: [],
        bigPlayButton: false,
        userActions: { hotkeys: false, doubleClick: true, click: p.allowVoluntaryPause },
        controlBar: {
          progressControl: false,
          remainingTimeDisplay: false,
          currentTimeDisplay: false,
          durationDisplay: false,
          timeDivider: false,
          playbackRateMenuButton: false,
          seekToLive: false,
          playToggle: p.allowVoluntaryPause,
          pictureInPictureToggle: false,
        },
        html5: { vhs: { overrideNative: true, withCredentials: false }, nativeAudioTracks: false, nativeVideoTracks: false },
      });
      playerRef.current = player;
      techRef.current = techElement(player, element, "baseline-video");
      techRef.current.disablePictureInPicture = true;
      player.on("error", () => {
        const e = player.error();
        propsRef.current.onError(e?.message || "The video could not be loaded.");
      });
      loadSource();
    })().catch((e: unknown) => propsRef.current.onError(`Cannot load the player: ${(e as Error).message}`));
    return () => {
      cancelled = true;
      unblock();
      mount.removeEventListener("contextmenu", noMenu);
      guardRef.current?.detach();
      guardRef.current = null;
      playerRef.current?.dispose();
      playerRef.current = null;
      techRef.current = null;
      element.remove();
    };
  }, []);

  const loadSource = () => {
    const player = playerRef.current;
    const tech = techRef.current;
    const p = propsRef.current;
    if (!player || !tech || !p.src) return;
    guardRef.current?.detach();
    player.controls(true);
    player.src({ src: p.src, type: "application/x-mpegURL" });
    guardRef.current = attachNoSeekGuard(tech, {
      playbackRate: p.playbackRate,
      durationSec: p.durationSec,
      allowVoluntaryPause: p.allowVoluntaryPause,
      onReached: () => {
        // Nothing left to do with the controls at the pause (and video.js would offer a replay).
        playerRef.current?.controls(false);
        propsRef.current.onReached();
      },
    });
    if (positionListener.current) tech.removeEventListener("timeupdate", positionListener.current);
    positionListener.current = () => propsRef.current.onPosition?.(tech.currentTime);
    tech.addEventListener("timeupdate", positionListener.current);
    void player.play()?.catch(() => {});
  };

  useEffect(() => {
    loadSource();
  }, [props.src]);

  // Keys only through the registry: seek / skip / rate keys are taken and do nothing.
  const onKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const togglePause = () => {
      const player = playerRef.current;
      const tech = techRef.current;
      if (!player || !tech || !guardRef.current || guardRef.current.reached() || !propsRef.current.allowVoluntaryPause) return;
      if (tech.paused) void player.play()?.catch(() => {});
      else player.pause();
    };
    if (handleShortcutKey(streamingPlayerShortcuts, { togglePause }, e.nativeEvent)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return <div ref={mountRef} className="w-full" onKeyDownCapture={onKey} data-testid="baseline-video-frame" />;
}

/**
 * How far ahead of the picture VHS may fetch (seconds). Whatever is fetched is served once and
 * never again, so a reload loses what was buffered but not shown (flagged unseen by the server):
 * a short buffer keeps that loss to a few seconds (VHS's default is 30 s, i.e. a whole stretch).
 */
const BUFFER_AHEAD_SEC = 4;

function limitBufferAhead(videojs: unknown): void {
  const vhs = (videojs as { Vhs?: Record<string, number> }).Vhs;
  if (!vhs) return;
  vhs.GOAL_BUFFER_LENGTH = BUFFER_AHEAD_SEC;
  vhs.MAX_GOAL_BUFFER_LENGTH = BUFFER_AHEAD_SEC;
}
