"use client";

import { memo, useEffect, useRef } from "react";
import { Radio, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { PublicContest } from "@/trpc/types";
import { DateTime } from "@/components/common/useTimeZone";
import classes from "./SkillQuestion.module.css";

/** The contest's skill question, asked before Add to Cart (docs/fair-play.md); the server checks the answer. */
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
  const touch = useMediaQuery("(pointer: coarse)") ?? false;
  // An answer picked before the page's code arrived stays checked through hydration but reaches no
  // state: once hydrated it is handed on, as typed fields are (../common/useTypedBeforeHydration.ts).
  const options = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const picked = options.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (picked && picked.value !== String(value)) onChange(Number(picked.value));
  }, []);
  return (
    <Radio.Group
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      label={
        <Text size={size} fw={600} component="span">
          To enter, answer: {question.text}
        </Text>
      }
      data-testid="skill-question"
    >
      <Stack gap={4} mt={4} ref={options}>
        {question.options.map((option, i) => (
          <Radio
            key={`${i}-${option}`}
            value={String(i)}
            label={option}
            // 20 px circles were too small to tap.
            size={touch ? "lg" : size}
            classNames={{ body: classes.body }}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
});

/** The Add to Cart button's label while the question is locked for this player. */
export const SKILL_LOCKED_LABEL = "Question locked";

/** Why Add to Cart rests, and until when (in the player's zone): a wrong answer locks the question. */
export function SkillLockText({ until, size = "sm" }: { until: Date; size?: "xs" | "sm" }) {
  return (
    <Text size={size} c="red.8" data-testid="skill-locked">
      Your answer to this contest&apos;s question was wrong, so you can enter again from <DateTime value={until} />.
    </Text>
  );
}
