"use client";

import { Text, Timeline } from "@mantine/core";
import { DateTime } from "@/components/common/useTimeZone";
import { TRAIL_LABELS, type TrailKind } from "@/shared/fulfilment";

export type TrailStepView = {
  kind: TrailKind;
  at: Date | string;
  carrier: string | null;
  trackingRef: string | null;
  transactionId: string | null;
  complaintRef: string | null;
};

/**
 * A prize's timestamped delivery trail (docs/fair-play.md "Prize delivery"), oldest step first. The
 * server decides what is in it: the public trail masks the tracking reference and leaves out the
 * complaint reference; the winner's own trail has both.
 */
export function PrizeTrail({ steps, label }: { steps: TrailStepView[]; label: string }) {
  return (
    <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2} aria-label={label} data-testid="prize-trail">
      {steps.map((s, i) => (
        <Timeline.Item key={`${s.kind}-${i}`} title={TRAIL_LABELS[s.kind]} data-testid="trail-step" data-kind={s.kind}>
          <Text size="xs" c="dimmed">
            <DateTime value={s.at} />
          </Text>
          {s.transactionId && <Text size="xs">Transaction {s.transactionId}</Text>}
          {s.carrier && (
            <Text size="xs">
              {s.carrier}, tracking {s.trackingRef}
            </Text>
          )}
          {s.complaintRef && <Text size="xs">Complaint {s.complaintRef}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
