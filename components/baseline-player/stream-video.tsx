"use client";

import "video.js/dist/video-js.css";
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { attachNoSeekGuard, SEEK_KEYS, type NoSeekGuard } from "./no-seek-guard";
import { createVideoElement, loadVideoJs, techElement, type VjsPlayer } from "./vjs";

export type StreamVideoProps = {
  /** The session's playlist URL for the current stretch (changes after every accepted answer). */
  src: string | null;
  durationSec: number;
  playbackRate: number;
  allowVoluntaryPause: boolean;
  /** Start playing as soon as a new stretch is loaded (after the first user gesture). */
  autoPlay: boolean;
  onReached: () => void;
  onError: (message: string) => void;
  onPosition?: (seconds: number) => void;
};

/**
 * video.js + VHS playing one stretch of a streaming session: no seek bar (control bar without
 * progress control, time displays or rate menu), seeking keys swallowed, programmatic seeks and
 * rate changes reverted (no-seek-guard.ts), and a pause exactly where the stretch ends (the
 * query-point frame: the server's last segment ends there).
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
    (async () => {
      const videojs = await loadVideoJs();
      if (cancelled) return;
      const p = propsRef.current;
      const player = videojs(element, {
        controls: true,
        preload: "auto",
        fluid: true,
        playbackRates: [],
        userActions: { hotkeys: false, doubleClick: true },
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
      player.on("error", () => {
        const e = player.error();
        propsRef.current.onError(e?.message || "The video could not be loaded.");
      });
      loadSource();
    })().catch((e: unknown) => propsRef.current.onError(`Cannot load the player: ${(e as Error).message}`));
    return () => {
      cancelled = true;
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
    player.src({ src: p.src, type: "application/x-mpegURL" });
    guardRef.current = attachNoSeekGuard(tech, {
      playbackRate: p.playbackRate,
      durationSec: p.durationSec,
      allowVoluntaryPause: p.allowVoluntaryPause,
      onReached: () => propsRef.current.onReached(),
    });
    if (positionListener.current) tech.removeEventListener("timeupdate", positionListener.current);
    positionListener.current = () => propsRef.current.onPosition?.(tech.currentTime);
    tech.addEventListener("timeupdate", positionListener.current);
    if (p.autoPlay) void player.play()?.catch(() => {});
  };

  useEffect(() => {
    loadSource();
  }, [props.src]);

  const swallowSeekKeys = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (SEEK_KEYS.has(e.key)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return <div ref={mountRef} className="w-full" onKeyDownCapture={swallowSeekKeys} data-testid="baseline-video-frame" />;
}
