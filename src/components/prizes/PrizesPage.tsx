"use client";

import { Button, Card, Container, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { deliverySchema, PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { useCurrentUser } from "../common/useCurrentUser";
import { StatusPill } from "../common/WithdrawalStatusBadge";
import { DateTime } from "@/components/common/useTimeZone";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { PrizeActions } from "./PrizeActions";
import { PrizeTrail } from "./PrizeTrail";
import { SignInPrompt, useFieldErrors } from "@/components/common/SignedInPage";
import { ConfirmDialog, dialogAbout } from "@/components/common/ConfirmDialog";
import { useInvalidate } from "@/components/common/useInvalidate";

type MyPrize = RouterOutputs["prizes"]["mine"][number];
const EMPTY = { fullName: "", addressLine1: "", addressLine2: "", city: "", postcode: "", country: "", phone: "" };
const FIELDS: [keyof typeof EMPTY, string][] = [
  ["fullName", "Full name"],
  ["addressLine1", "Address line 1"],
  ["addressLine2", "Address line 2 (optional)"],
  ["city", "City"],
  ["postcode", "Postcode"],
  ["country", "Country"],
  ["phone", "Phone"],
];

/** The player's prizes: take the cash alternative or ask for delivery; then follow the shipping. */
export function PrizesPage() {
  const { user, isLoading } = useCurrentUser();
  const invalidate = useInvalidate();
  const prizes = useQuery(trpc.prizes.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  const [deliveryFor, setDeliveryFor] = useState<MyPrize | null>(null);
  // Taking the cash gives up the prize for good: it asks first, like the admin's End and Cancel.
  const [cashFor, setCashFor] = useState<MyPrize | null>(null);
  const [form, setForm] = useState(EMPTY);
  const { errors, check } = useFieldErrors();
  const claim = useMutation(
    trpc.prizes.claim.mutationOptions({
      onSuccess: async (p) => {
        toastSuccess(
          p.status === "cash_credited" ? "Cash Alternative Credited" : "Prize Requested",
          p.status === "cash_credited"
            ? `${formatUsd(p.cashAlternative)} for "${p.prizeTitle}" has been added to your balance.`
            : "We will let you know when your prize ships.",
        );
        setDeliveryFor(null);
        setCashFor(null);
        await invalidate(trpc.prizes.mine, trpc.auth.me);
      },
      onError: (e) => toastError(TOAST.claimFailed, e, "Could not claim the prize"),
    }),
  );

  if (isLoading) return <Spinner m="xl" />;
  if (!user) {
    return <SignInPrompt to="to see your prizes" />;
  }
  const submitDelivery = (e: React.FormEvent) => {
    e.preventDefault();
    if (!deliveryFor) return;
    const delivery = check(deliverySchema, { ...form, addressLine2: form.addressLine2 || undefined });
    if (delivery) claim.mutate({ id: deliveryFor.id, choice: "prize", delivery });
  };

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>My Prizes</Title>
        {prizes.isLoading ? (
          <Spinner />
        ) : !prizes.data?.length ? (
          <Text c="dimmed">No prizes yet. Good luck in the next draw!</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {prizes.data.map((p) => (
              <Card key={p.id} withBorder radius="md" p="lg" data-testid="prize-card">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={700} data-testid="prize-title">
                        {p.prizeTitle}
                      </Text>
                      {/* An instant prize names its contest beneath; the draw's prize is the contest itself. */}
                      {p.instant && (
                        <Text size="sm" c="dimmed" data-testid="prize-source">
                          Instant prize · {p.contestTitle}
                        </Text>
                      )}
                    </Stack>
                    <StatusPill status={p.status} label={PRIZE_STATUS_LABELS[p.status as PrizeStatusName]} />
                  </Group>
                  {p.cashAlternative && <Text size="sm">Cash alternative: {formatUsd(p.cashAlternative)}</Text>}
                  {p.status === "unclaimed" ? (
                    <>
                      <Text size="xs" c="dimmed">
                        Choose by <DateTime value={p.claimBy} style="long" />
                      </Text>
                      <Group>
                        {p.cashAlternative && (
                          <Button
                            variant="default"
                            onClick={() => setCashFor(p)}
                            loading={claim.isPending && claim.variables?.id === p.id && claim.variables.choice === "cash"}
                          >
                            Take {formatUsd(p.cashAlternative)} cash
                          </Button>
                        )}
                        <Button variant="default" onClick={() => setDeliveryFor(p)}>
                          Get the prize
                        </Button>
                      </Group>
                    </>
                  ) : (
                    p.note && (
                      <Text size="sm" c="dimmed">
                        {p.note}
                      </Text>
                    )
                  )}
                  <PrizeTrail steps={p.trail} label={`Delivery trail of ${p.prizeTitle}`} />
                  {(p.status === "shipped" || p.status === "delivered") && <PrizeActions prize={p} />}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmDialog
        {...dialogAbout(cashFor, setCashFor)}
        title="Take the cash instead?"
        cancelLabel="Keep my choice open"
        confirmLabel={<>Take {cashFor && formatUsd(cashFor.cashAlternative)} cash</>}
        confirmColor="orange"
        loading={claim.isPending}
        onConfirm={() => cashFor && claim.mutate({ id: cashFor.id, choice: "cash" })}
      >
        <Text data-testid="take-cash-summary">
          {cashFor && formatUsd(cashFor.cashAlternative)} is added to your balance and you give up &quot;{cashFor?.prizeTitle}
          &quot; for good. This cannot be undone.
        </Text>
      </ConfirmDialog>
      <Modal {...dialogAbout(deliveryFor, setDeliveryFor)} title="Delivery address">
        <form onSubmit={submitDelivery}>
          <Stack>
            {deliveryFor?.cashAlternative && (
              <Text size="sm" c="dimmed">
                Asking for delivery gives up the {formatUsd(deliveryFor.cashAlternative)} cash alternative.
              </Text>
            )}
            {FIELDS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                value={form[key]}
                onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
                error={errors[key]}
              />
            ))}
            <Button type="submit" loading={claim.isPending}>
              Request delivery
            </Button>
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}
