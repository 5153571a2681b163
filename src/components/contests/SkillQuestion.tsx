"use client";

import { memo, useEffect, useRef } from "react";
import { Text } from "@mantine/core";
import type { PublicContest } from "@/trpc/types";
import { DateTime } from "@/components/common/useTimeZone";
import { LightRadioGroup } from "@/components/common/LightInputs";

/**
 * The contest's skill question, asked before Add to Cart (docs/fair-play.md); the server checks the
 * answer. The browser's own radios (../common/LightInputs.tsx): it is on every contest page and card
 * with a question, and on a touch screen each answer is a 44 px row.
 */
export const SkillQuestion = memo(function SkillQuestion({
  question,
  value,
  onChange,
  size = "sm",
}: {
  question: NonNullable<PublicContest["skillQuestion"]>;
  value: number | undefined;
  onChange: (answerIndex: number) => void;
  size?: "xs" | "sm";
}) {
  // An answer picked before the page's code arrived stays checked through hydration but reaches no
  // state: once hydrated it is handed on, as typed fields are (../common/useTypedBeforeHydration.ts).
  const options = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const picked = options.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (picked && picked.value !== String(value)) onChange(Number(picked.value));
  }, []);
  return (
    <div ref={options}>
      <LightRadioGroup
        label={`To enter, answer: ${question.text}`}
        value={value === undefined ? "" : String(value)}
        onChange={(v) => onChange(Number(v))}
        options={question.options.map((option, i) => ({ value: String(i), label: option }))}
        size={size}
        data-testid="skill-question"
      />
    </div>
  );
});

/** The Add to Cart button's label while the question is locked for this player. */
export const SKILL_LOCKED_LABEL = "Question locked";

/** Why Add to Cart rests, and until when (in the player's zone): a wrong answer locks the question. */
export function SkillLockText({ until, size = "sm" }: { until: Date; size?: "xs" | "sm" }) {
  return (
    <Text size={size} c="red" data-testid="skill-locked">
      Your answer to this contest&apos;s question was wrong, so you can enter again from <DateTime value={until} />.
    </Text>
  );
}
