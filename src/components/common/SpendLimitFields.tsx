"use client";

import { Radio, Select, Stack, Text, TextInput } from "@mantine/core";
import { LIMIT_PERIODS, type LimitPeriod } from "@/shared/responsible-play-messages";
import { type LimitChoiceInput, limitChoiceSchema } from "@/shared/safer-play";

/** What the player has picked so far in the spend-limit prompt (sign-up form or before a purchase). */
export type LimitDraft = { choice: "" | "set" | "declined"; period: LimitPeriod; amount: string };
export const EMPTY_LIMIT_DRAFT: LimitDraft = { choice: "", period: "monthly", amount: "" };
export const LIMIT_CHOICE_REQUIRED = "Choose a spend limit, or choose no limit for now";

/** The draft as the server takes it, or the message to show (the shared schema decides). */
export function limitDraftInput(d: LimitDraft): { input: LimitChoiceInput } | { error: string } {
  if (!d.choice) return { error: LIMIT_CHOICE_REQUIRED };
  const raw = d.choice === "declined" ? { choice: "declined" } : { choice: "set", [d.period]: d.amount };
  const parsed = limitChoiceSchema.safeParse(raw);
  return parsed.success ? { input: parsed.data } : { error: parsed.error.issues[0]?.message ?? LIMIT_CHOICE_REQUIRED };
}

const PERIOD_LABELS: Record<LimitPeriod, string> = { daily: "Per day", weekly: "Per week", monthly: "Per month" };

/** The two answers: a limit (0 = no spending at all) or "no limit for now"; both can be changed later. */
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
      <Radio.Group
        label="Spend limit"
        description="Set how much you may spend on tickets and paid spins. You can change it any time in Responsible play."
        value={value.choice}
        onChange={(choice) => onChange({ ...value, choice: choice as LimitDraft["choice"] })}
        error={value.choice === "set" ? undefined : error}
        required
      >
        <Stack gap={6} mt={6}>
          <Radio value="set" label="Set a spend limit" />
          <Radio value="declined" label="No limit for now" />
        </Stack>
      </Radio.Group>
      {value.choice === "set" && (
        <Stack gap="xs" pl="lg">
          <Select
            label="Limit period"
            data={LIMIT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            value={value.period}
            allowDeselect={false}
            onChange={(p) => onChange({ ...value, period: (p ?? "monthly") as LimitPeriod })}
          />
          <TextInput
            label="Limit (USD)"
            description="$0 means no spending at all."
            inputMode="decimal"
            leftSection={<Text size="sm">$</Text>}
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
