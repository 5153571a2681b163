"use client";

import { Stack } from "@mantine/core";
import { LIMIT_PERIODS, type LimitPeriod } from "@/shared/responsible-play-messages";
import { LightRadioGroup, LightSelect, LightTextInput } from "./LightInputs";

/** What the player has picked so far in the spend-limit prompt (sign-up form or before a purchase). */
export type LimitDraft = { choice: "" | "set" | "declined"; period: LimitPeriod; amount: string };
export const EMPTY_LIMIT_DRAFT: LimitDraft = { choice: "", period: "monthly", amount: "" };
export const LIMIT_CHOICE_REQUIRED = "Choose a spend limit, or choose no limit for now";

const PERIOD_LABELS: Record<LimitPeriod, string> = { daily: "Per day", weekly: "Per week", monthly: "Per month" };

/**
 * The two answers: a limit (0 = no spending at all) or "no limit for now"; both can be changed later.
 * Light fields (./LightInputs.tsx): the sign-up page draws them on first load. What the draft means is
 * ./spendLimitDraft.ts, with the shared schema.
 */
export function SpendLimitFields({
  value,
  onChange,
  error,
}: {
  value: LimitDraft;
  onChange: (next: LimitDraft) => void;
  error?: React.ReactNode;
}) {
  return (
    <Stack gap="xs" data-testid="spend-limit-prompt">
      <LightRadioGroup
        label="Spend limit"
        description="Set how much you may spend on tickets and paid spins. You can change it any time in Responsible play."
        value={value.choice}
        onChange={(choice) => onChange({ ...value, choice: choice as LimitDraft["choice"] })}
        error={value.choice === "set" ? undefined : error}
        required
        options={[
          { value: "set", label: "Set a spend limit" },
          { value: "declined", label: "No limit for now" },
        ]}
      />
      {value.choice === "set" && (
        <Stack gap="xs" pl="lg">
          <LightSelect
            label="Limit period"
            data={LIMIT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            value={value.period}
            onChange={(p) => onChange({ ...value, period: (p || "monthly") as LimitPeriod })}
          />
          <LightTextInput
            label="Limit (USD)"
            description="$0 means no spending at all."
            inputMode="decimal"
            leftSection="$"
            value={value.amount}
            onChange={(e) => onChange({ ...value, amount: e.currentTarget.value })}
            error={error}
            required
          />
        </Stack>
      )}
    </Stack>
  );
}
