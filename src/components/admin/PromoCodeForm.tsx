"use client";

import { Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { answerToasts, toastSuccess, TOAST } from "../common/toasts";

const blank = {
  code: "",
  kind: "percent" as "percent" | "fixed",
  value: "" as number | string,
  minSpend: "" as number | string,
  maxUses: "" as number | string,
  maxUsesPerPlayer: "" as number | string,
  startsAt: "",
  endsAt: "",
  firstPurchaseOnly: false,
  contestId: null as string | null,
};

const count = (v: number | string) => (v === "" ? null : Number(v));
const amount = (v: number | string) => (v === "" ? null : String(v));

/** Creates a promo code; the server checks every field (src/shared/schemas/pricing.ts) and answers what is wrong. */
export function PromoCodeForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [f, setF] = useState(blank);
  const contests = useQuery(trpc.admin.contests.queryOptions({ status: "active" }, { enabled: opened }));
  const create = useMutation(
    trpc.pricing.createPromoCode.mutationOptions({
      ...answerToasts([TOAST.promoCodeCreated], [TOAST.promoCodeNotCreated, "Failed to create the promo code"]),
      onSuccess: async (r) => {
        // Null: a code this large waits for a second approver (four eyes).
        if (r.promoCode) toastSuccess(TOAST.promoCodeCreated, r.message);
        else toastSuccess(TOAST.approvalProposed, "Another content editor or owner must create the same code.");
        setF(blank);
        onClose();
        await queryClient.invalidateQueries(trpc.pricing.promoCodes.pathFilter());
        await queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter());
      },
    }),
  );
  const submit = () =>
    create.mutate({
      code: f.code,
      kind: f.kind,
      percentOff: f.kind === "percent" ? count(f.value) : null,
      amountOff: f.kind === "fixed" ? amount(f.value) : null,
      minSpend: amount(f.minSpend),
      maxUses: count(f.maxUses),
      maxUsesPerPlayer: count(f.maxUsesPerPlayer),
      startsAt: f.startsAt ? new Date(f.startsAt) : null,
      endsAt: f.endsAt ? new Date(f.endsAt) : null,
      firstPurchaseOnly: f.firstPurchaseOnly,
      contestId: f.contestId,
    });
  return (
    <Modal opened={opened} onClose={onClose} title="New promo code">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Code"
            required
            maxLength={32}
            value={f.code}
            onChange={(e) => setF({ ...f, code: e.currentTarget.value.toUpperCase() })}
          />
          <SegmentedControl
            aria-label="Kind"
            value={f.kind}
            onChange={(v) => setF({ ...f, kind: v === "fixed" ? "fixed" : "percent" })}
            data={[
              { value: "percent", label: "Percent off" },
              { value: "fixed", label: "Fixed amount off" },
            ]}
          />
          <NumberInput
            label={f.kind === "percent" ? "Percent off (1–90)" : "Amount off ($)"}
            required
            min={f.kind === "percent" ? 1 : 0.01}
            max={f.kind === "percent" ? 90 : undefined}
            decimalScale={f.kind === "percent" ? 0 : 2}
            value={f.value}
            onChange={(v) => setF({ ...f, value: v })}
          />
          <NumberInput
            label="Minimum spend ($, optional)"
            min={0.01}
            decimalScale={2}
            value={f.minSpend}
            onChange={(v) => setF({ ...f, minSpend: v })}
          />
          <Group grow>
            <NumberInput
              label="Total uses (optional)"
              min={1}
              allowDecimal={false}
              value={f.maxUses}
              onChange={(v) => setF({ ...f, maxUses: v })}
            />
            <NumberInput
              label="Uses per player (optional)"
              min={1}
              allowDecimal={false}
              value={f.maxUsesPerPlayer}
              onChange={(v) => setF({ ...f, maxUsesPerPlayer: v })}
            />
          </Group>
          <Group grow>
            <TextInput
              label="Starts (optional)"
              type="datetime-local"
              value={f.startsAt}
              onChange={(e) => setF({ ...f, startsAt: e.currentTarget.value })}
            />
            <TextInput
              label="Ends (optional)"
              type="datetime-local"
              value={f.endsAt}
              onChange={(e) => setF({ ...f, endsAt: e.currentTarget.value })}
            />
          </Group>
          <Select
            label="Contest (empty = site-wide)"
            clearable
            searchable
            data={(contests.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            value={f.contestId}
            onChange={(v) => setF({ ...f, contestId: v })}
          />
          <Checkbox
            label="First purchase only"
            checked={f.firstPurchaseOnly}
            onChange={(e) => setF({ ...f, firstPurchaseOnly: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!f.code.trim() || f.value === ""}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
