"use client";

import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { ADMIN_FORM_CATEGORIES, CATEGORY_LABELS, CONTEST_CATEGORIES } from "@/shared/constants";
import { DEFAULT_MIN_CONTEST_OPEN_HOURS } from "@/shared/fair-play";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import { contestFormSchema, endDateError } from "@/shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { AdminContest } from "@/trpc/types";
import { formValues } from "@/components/common/formValues";

type PublicContest = Omit<AdminContest, "skillQuestionAnswer"> & { skillQuestionAnswer?: number | null };

export type ContestFormState = {
  title: string;
  description: string;
  detailedDescription: string;
  ticketPrice: number | string;
  originalPrice: number | string;
  discountPercentage: number | string;
  cashAlternative: number | string;
  maxTickets: number | string;
  category: string;
  imageUrl: string;
  endDate: string;
  features: string;
  specifications: string;
  skillText: string;
  skillOptions: [string, string, string, string];
  skillCorrect: string;
  /** Pick your numbers (needs Max tickets; fixed once a ticket is sold) and the online free entry route. */
  pickNumbers: boolean;
  onlineFreeEntry: boolean;
};

/** A Date as the value of an <input type="datetime-local"> (local time, minutes). */
function toLocalInput(d: Date | string | null): string {
  if (!d) return "";
  const date = new Date(d);
  const off = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - off).toISOString().slice(0, 16);
}

export function contestToForm(c?: PublicContest | null): ContestFormState {
  return {
    ...formValues(c, [
      "title",
      "description",
      "detailedDescription",
      "ticketPrice",
      "originalPrice",
      "discountPercentage",
      "cashAlternative",
      "maxTickets",
      "category",
      "imageUrl",
    ]),
    endDate: toLocalInput(c?.endDate ?? null),
    features: (c?.features ?? []).join("\n"),
    specifications: Object.entries(c?.specifications ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
    skillText: c?.skillQuestion?.text ?? "",
    skillOptions: [0, 1, 2, 3].map((i) => c?.skillQuestion?.options[i] ?? "") as ContestFormState["skillOptions"],
    skillCorrect: c?.skillQuestionAnswer == null ? "" : String(c.skillQuestionAnswer),
    pickNumbers: c?.pickNumbers ?? false,
    onlineFreeEntry: c?.onlineFreeEntry ?? true,
  };
}

/** No question text = no skill question (null removes one); options keep their order, blanks dropped. */
function skillPayload(v: ContestFormState) {
  if (!v.skillText.trim()) return null;
  const options = v.skillOptions.map((o) => o.trim());
  const correct = Number(v.skillCorrect);
  const kept = options.filter(Boolean);
  const correctIndex = v.skillCorrect === "" || !options[correct] ? -1 : options.slice(0, correct).filter(Boolean).length;
  return { text: v.skillText, options: kept, correctIndex };
}

/** What is sent: the documented payload (ticketPrice a number, optional numbers or null) plus edit fields. */
export function formToPayload(v: ContestFormState) {
  const num = (x: number | string) => (x === "" ? null : Number(x));
  return {
    title: v.title,
    description: v.description,
    detailedDescription: v.detailedDescription,
    // Prices travel as decimal strings typed by the admin, never through float arithmetic.
    ticketPrice: String(v.ticketPrice),
    originalPrice: v.originalPrice === "" ? null : String(v.originalPrice),
    cashAlternative: v.cashAlternative === "" ? null : String(v.cashAlternative),
    discountPercentage: num(v.discountPercentage),
    maxTickets: num(v.maxTickets),
    category: v.category as PublicContest["category"],
    imageUrl: v.imageUrl,
    endDate: v.endDate ? new Date(v.endDate).toISOString() : null,
    features: v.features,
    specifications: v.specifications,
    skillQuestion: skillPayload(v),
    pickNumbers: v.pickNumbers,
    onlineFreeEntry: v.onlineFreeEntry,
  };
}

export function ContestForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: PublicContest | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (payload: ReturnType<typeof formToPayload>) => void;
}) {
  const fairPlay = useQuery(trpc.contests.fairPlay.queryOptions());
  const minHours = fairPlay.data?.minContestOpenHours ?? DEFAULT_MIN_CONTEST_OPEN_HOURS;
  const sold = (initial?.soldTickets ?? 0) > 0;
  const initialValues = contestToForm(initial);
  const form = useForm<ContestFormState>({
    mode: "controlled",
    initialValues,
    // The shared schema's messages under each field; nothing typed is clamped or rounded.
    validate: (values) => {
      const errors: Record<string, React.ReactNode> = {
        ...schemaResolver(contestFormSchema, { sync: true })(formToPayload(values)),
      };
      const pastEnd = endDateError(values.endDate || null, initialValues.endDate || null);
      if (pastEnd && !errors.endDate) errors.endDate = pastEnd;
      // A new contest opens now: the minimum open period is checked here, under the field, before the
      // server's refusal (which also covers edits, timed from when the contest opened).
      if (!initial && values.endDate && !errors.endDate) {
        const end = new Date(values.endDate).getTime();
        if (end < Date.now() + minHours * 3_600_000) errors.endDate = FAIR_PLAY_MESSAGES.minOpen(minHours);
      }
      return errors;
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(formToPayload(values)))} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.getInputProps("title")} />
        <Textarea label="Description" withAsterisk autosize minRows={2} {...form.getInputProps("description")} />
        <Textarea label="Detailed description" autosize minRows={2} {...form.getInputProps("detailedDescription")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Ticket price"
            withAsterisk
            min={0}
            clampBehavior="none"
            prefix="$"
            {...form.getInputProps("ticketPrice")}
          />
          <Select
            label="Category"
            withAsterisk
            // An existing contest in another category (a seeded car) keeps it on edit.
            data={CONTEST_CATEGORIES.filter(
              (c) => (ADMIN_FORM_CATEGORIES as readonly string[]).includes(c) || c === initial?.category,
            ).map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            {...form.getInputProps("category")}
          />
          <NumberInput label="Original price" min={0} clampBehavior="none" prefix="$" {...form.getInputProps("originalPrice")} />
          <NumberInput
            label="Discount percentage"
            min={0}
            max={100}
            clampBehavior="none"
            {...form.getInputProps("discountPercentage")}
          />
          <NumberInput
            label="Cash alternative"
            min={0}
            clampBehavior="none"
            prefix="$"
            {...form.getInputProps("cashAlternative")}
          />
          <NumberInput label="Max tickets" min={1} clampBehavior="none" {...form.getInputProps("maxTickets")} />
        </SimpleGrid>
        <Group gap="lg">
          <Switch
            label="Players pick their numbers (or a lucky dip)"
            description="Needs a ticket maximum; fixed once a ticket is sold"
            {...form.getInputProps("pickNumbers", { type: "checkbox" })}
          />
          <Switch
            label="Online free entry"
            description="The postal route stays open either way"
            {...form.getInputProps("onlineFreeEntry", { type: "checkbox" })}
          />
        </Group>
        <TextInput label="Image URL" placeholder="https://..." {...form.getInputProps("imageUrl")} />
        <TextInput
          label="End date"
          type="datetime-local"
          description={`At least ${minHours} hours after the contest opens, so free postal entries can arrive in time.`}
          {...form.getInputProps("endDate")}
        />
        <Textarea label="Features (one per line)" autosize minRows={2} {...form.getInputProps("features")} />
        <Textarea
          label="Specifications (key: value, one per line)"
          autosize
          minRows={2}
          {...form.getInputProps("specifications")}
        />
        <Fieldset legend="Skill question (optional)">
          <Stack gap="xs">
            <TextInput label="Question" placeholder="Leave empty for no question" {...form.getInputProps("skillText")} />
            <Radio.Group label="Options (3 or 4; pick the correct one)" {...form.getInputProps("skillCorrect")}>
              <Stack gap={4} mt={4}>
                {[0, 1, 2, 3].map((i) => (
                  <Group key={i} gap="xs" wrap="nowrap">
                    <Radio value={String(i)} aria-label={`Option ${i + 1} is correct`} />
                    <TextInput
                      style={{ flex: 1 }}
                      aria-label={`Option ${i + 1}`}
                      placeholder={i === 3 ? "Option 4 (optional)" : `Option ${i + 1}`}
                      {...form.getInputProps(`skillOptions.${i}`)}
                    />
                  </Group>
                ))}
              </Stack>
            </Radio.Group>
          </Stack>
        </Fieldset>
        {sold && (
          <Text size="sm" c="dimmed">
            Tickets have been sold: max tickets, ticket price, end date and the skill question are frozen. Cancel the contest to
            refund every entrant instead.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
