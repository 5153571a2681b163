"use client";

import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from "react";
import { segmentAtPointer, targetRotation, WHEEL_ANIMATION, type WheelSegment } from "@/shared/wheel";

export type WheelCanvasHandle = {
  /** Starts the accelerating spin (idle -> spinning). */
  start: () => void;
  /** Lands on the server's segment: waits out the minimum spin, then a 60-frame ease-out (>= 4 extra turns). */
  stopAt: (segmentIndex: number) => Promise<void>;
  /** Stops where it is (a spin error). */
  halt: () => void;
};

type Phase =
  | { kind: "idle" }
  | { kind: "spinning"; startedAt: number; velocity: number }
  | { kind: "stopping"; from: number; to: number; frame: number; frames: number };

const MAX_VELOCITY = 0.5; // radians per frame at full speed (~4.8 turns per second at 60 fps)
const ACCELERATION_FRAMES = 90;
/** Visible motion from the first frame (from rest the first few frames looked like a late start). */
const START_VELOCITY = 0.08;

function draw(ctx: CanvasRenderingContext2D, size: number, segments: WheelSegment[], rotation: number) {
  const c = size / 2;
  const r = c - 14;
  const seg = (2 * Math.PI) / segments.length;
  ctx.clearRect(0, 0, size, size);
  ctx.save();
  ctx.translate(c, c);
  ctx.rotate(rotation);
  segments.forEach((s, i) => {
    // segment i spans [i, i+1) x seg clockwise from the top
    const a0 = -Math.PI / 2 + i * seg;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.arc(0, 0, r, a0, a0 + seg);
    ctx.closePath();
    ctx.fillStyle = s.color;
    ctx.fill();
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.save();
    const mid = a0 + seg / 2;
    ctx.rotate(mid);
    ctx.fillStyle = "#ffffff";
    ctx.font = `bold ${s.label.length > 6 ? 14 : 18}px sans-serif`;
    ctx.textBaseline = "middle";
    // Labels on the left half would read upside down: turn them half a turn and read outward-in.
    if (Math.cos(rotation + mid) < 0) {
      ctx.rotate(Math.PI);
      ctx.textAlign = "left";
      ctx.fillText(s.label, -(r - 14), 0);
    } else {
      ctx.textAlign = "right";
      ctx.fillText(s.label, r - 14, 0);
    }
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(0, 0, 28, 0, 2 * Math.PI);
  ctx.fillStyle = "#212529";
  ctx.fill();
  ctx.restore();
  // the pointer, fixed at the top
  ctx.beginPath();
  ctx.moveTo(c - 14, 2);
  ctx.lineTo(c + 14, 2);
  ctx.lineTo(c, 34);
  ctx.closePath();
  ctx.fillStyle = "#212529";
  ctx.fill();
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 2;
  ctx.stroke();
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** The 450x450 canvas wheel with its pointer. The parent drives it through the imperative handle. */
export const WheelCanvas = forwardRef<WheelCanvasHandle, { segments: WheelSegment[]; reducedMotion: boolean }>(
  function WheelCanvas({ segments, reducedMotion }, ref) {
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const rotation = useRef(0);
    const phase = useRef<Phase>({ kind: "idle" });
    const target = useRef<{ index: number; resolve: () => void } | null>(null);
    const raf = useRef<number | null>(null);
    const size = WHEEL_ANIMATION.canvasSize;

    const paint = useCallback(() => {
      const ctx = canvasRef.current?.getContext("2d");
      if (ctx) draw(ctx, size, segments, rotation.current);
    }, [segments]);

    const publish = useCallback(() => {
      const el = canvasRef.current;
      if (!el) return;
      el.dataset.phase = phase.current.kind;
      el.dataset.pointerSegment = String(segmentAtPointer(rotation.current, segments.length));
    }, [segments.length]);

    const tick = useCallback(() => {
      const p = phase.current;
      if (p.kind === "spinning") {
        const minMs = reducedMotion ? 0 : WHEEL_ANIMATION.minSpinMs;
        if (!reducedMotion) {
          p.velocity = Math.min(MAX_VELOCITY, p.velocity + MAX_VELOCITY / ACCELERATION_FRAMES);
          rotation.current += p.velocity;
        }
        if (target.current && performance.now() - p.startedAt >= minMs) {
          const frames = reducedMotion ? WHEEL_ANIMATION.reducedStopFrames : WHEEL_ANIMATION.stopFrames;
          const turns = reducedMotion ? 0 : WHEEL_ANIMATION.minExtraTurns;
          const jitter = (Math.random() - 0.5) * 0.6;
          const to = targetRotation(rotation.current, target.current.index, segments.length, turns, jitter);
          phase.current = { kind: "stopping", from: rotation.current, to, frame: 0, frames };
        }
      } else if (p.kind === "stopping") {
        p.frame += 1;
        rotation.current = p.from + (p.to - p.from) * easeOutCubic(Math.min(1, p.frame / p.frames));
        if (p.frame >= p.frames) {
          rotation.current = p.to;
          phase.current = { kind: "idle" };
          const done = target.current;
          target.current = null;
          paint();
          publish();
          raf.current = null;
          done?.resolve();
          return;
        }
      } else {
        raf.current = null;
        return;
      }
      paint();
      raf.current = requestAnimationFrame(tick);
    }, [paint, publish, reducedMotion, segments.length]);

    useImperativeHandle(
      ref,
      () => ({
        start() {
          phase.current = { kind: "spinning", startedAt: performance.now(), velocity: START_VELOCITY };
          target.current = null;
          publish();
          if (raf.current === null) raf.current = requestAnimationFrame(tick);
        },
        stopAt(index) {
          return new Promise<void>((resolve) => {
            target.current = { index, resolve };
            if (raf.current === null) raf.current = requestAnimationFrame(tick);
          });
        },
        halt() {
          phase.current = { kind: "idle" };
          target.current = null;
          if (raf.current !== null) cancelAnimationFrame(raf.current);
          raf.current = null;
          paint();
          publish();
        },
      }),
      [paint, publish, tick],
    );

    useEffect(() => {
      paint();
      publish();
    }, [paint, publish]);

    useEffect(
      () => () => {
        if (raf.current !== null) cancelAnimationFrame(raf.current);
      },
      [],
    );

    return (
      <canvas
        ref={canvasRef}
        width={size}
        height={size}
        data-testid="wheel-canvas"
        aria-label="Fortune wheel"
        role="img"
        style={{ maxWidth: "100%", height: "auto" }}
      />
    );
  },
);
