"use client";

import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { CATEGORY_LABELS, CONTEST_CATEGORIES } from "@/shared/constants";
import { contestFormSchema } from "@/shared/schemas/admin";
import type { PublicContest } from "@/trpc/types";

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
    title: c?.title ?? "",
    description: c?.description ?? "",
    detailedDescription: c?.detailedDescription ?? "",
    ticketPrice: c?.ticketPrice ?? "",
    originalPrice: c?.originalPrice ?? "",
    discountPercentage: c?.discountPercentage ?? "",
    cashAlternative: c?.cashAlternative ?? "",
    maxTickets: c?.maxTickets ?? "",
    category: c?.category ?? "",
    imageUrl: c?.imageUrl ?? "",
    endDate: toLocalInput(c?.endDate ?? null),
    features: (c?.features ?? []).join("\n"),
    specifications: Object.entries(c?.specifications ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  };
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
  const form = useForm<ContestFormState>({
    mode: "controlled",
    initialValues: contestToForm(initial),
    validate: (values) => schemaResolver(contestFormSchema, { sync: true })(formToPayload(values)),
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
            decimalScale={3}
            prefix="$"
            {...form.getInputProps("ticketPrice")}
          />
          <Select
            label="Category"
            withAsterisk
            data={CONTEST_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            {...form.getInputProps("category")}
          />
          <NumberInput label="Original price" min={0} decimalScale={3} prefix="$" {...form.getInputProps("originalPrice")} />
          <NumberInput
            label="Discount percentage"
            min={0}
            max={100}
            allowDecimal={false}
            {...form.getInputProps("discountPercentage")}
          />
          <NumberInput label="Cash alternative" min={0} decimalScale={3} prefix="$" {...form.getInputProps("cashAlternative")} />
          <NumberInput label="Max tickets" min={1} allowDecimal={false} {...form.getInputProps("maxTickets")} />
        </SimpleGrid>
        <TextInput label="Image URL" placeholder="https://..." {...form.getInputProps("imageUrl")} />
        <TextInput label="End date" type="datetime-local" {...form.getInputProps("endDate")} />
        <Textarea label="Features (one per line)" autosize minRows={2} {...form.getInputProps("features")} />
        <Textarea
          label="Specifications (key: value, one per line)"
          autosize
          minRows={2}
          {...form.getInputProps("specifications")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
