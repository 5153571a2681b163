"use client";

import {
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { TRPCClientError } from "@trpc/client";
import { IntentLink } from "@/components/common/links";
import { CRYPTO_CURRENCIES, CRYPTO_LABELS, CURRENCY, DELAYS, LIMITS } from "@/shared/constants";
import { COIN_NETWORKS, NETWORK_LABELS, type WithdrawalNetwork } from "@/shared/networks";
import { createPaymentSchema, PAYMENT_MESSAGES } from "@/shared/schemas/payments";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { payPageHref } from "@/shared/pay-link";
import { useCurrentUser } from "../common/useCurrentUser";
import { CRYPTO_COLORS, CRYPTO_ICONS } from "./cryptoIcons";
import { RestrictionText, usePlayerStanding } from "../common/PlayerStanding";
import { openAccountDialog, useOpenAfterMount } from "../common/dialogs";
import { offerPush } from "../common/pushOffer";
import { TOAST, toastError, toastInfo, toastUnauthorized } from "@/components/common/toasts";
import { SupportLinks } from "../common/SupportLinks";

type FormValues = { amount: string; currency: typeof CURRENCY; cryptoCurrency: string; network?: WithdrawalNetwork };
const EMPTY: FormValues = { amount: "", currency: CURRENCY, cryptoCurrency: "" };
type Coin = (typeof CRYPTO_CURRENCIES)[number];

function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}

/**
 * The 'Add Balance' dialog (docs/product.md §2, §4, §5, §8): amount, coin and network, then the
 * gateway's pay page. Loaded on the first open of the header's button (./AddBalanceButton.tsx).
 */
export default function AddBalanceDialog({ opened, close }: { opened: boolean; close: () => void }) {
  const shown = useOpenAfterMount(opened);
  const { user } = useCurrentUser();
  // Self-excluded or age undeclared: the dialog says why and until when instead of taking a payment.
  const standing = usePlayerStanding();
  const blocked = standing && !standing.mayTopUp ? standing.restriction : null;
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: EMPTY,
    validate: schemaResolver(createPaymentSchema, { sync: true }),
  });
  const create = useMutation(trpc.payments.create.mutationOptions());

  if (!user) return null;

  const finish = () => {
    close();
    form.reset();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await create.mutateAsync({
        amount: values.amount,
        currency: CURRENCY,
        cryptoCurrency: values.cryptoCurrency as Coin,
        network: values.network,
      });
      toastInfo(
        TOAST.paymentCreated,
        result.instructions?.en || "Your payment request has been created. Opening payment page...",
      );
      if (result.payLink) window.open(payPageHref(result.payLink, result.trackId), "_blank");
      // A payment to wait for: offer push notifications (never on load; docs/push.md).
      void offerPush("topup");
      if (result.qrCode || result.address) {
        setTimeout(() => {
          toastInfo(
            TOAST.paymentDetails,
            `Track ID: ${result.trackId} · Amount: ${result.payAmount ?? result.amount} ${result.currency}`,
            {
              autoClose: 15_000,
            },
          );
        }, DELAYS.paymentFollowUpToast);
      }
    } catch (error) {
      if (isUnauthorized(error)) {
        toastUnauthorized();
        setTimeout(() => {
          window.location.href = "/api/login";
        }, DELAYS.unauthorizedRedirect);
      } else if (error instanceof TRPCClientError && error.data) {
        // The server answered: the payment was not created (validation or gateway failure).
        toastError(TOAST.paymentCreationFailed, error, "Unable to create payment request");
      } else {
        toastError(TOAST.error, error, "Failed to create payment");
      }
    } finally {
      finish();
    }
  });

  const errors = Object.values(form.errors).filter(Boolean);
  // docs/product.md §5: a missing amount or method reads as one message.
  const requiredMissing = !form.values.amount || !form.values.cryptoCurrency;

  return (
    <Modal opened={shown} onClose={finish} title="Add Balance" centered>
      {blocked ? (
        <Stack data-testid="top-up-restricted">
          <Text size="sm">
            <RestrictionText restriction={blocked} />
          </Text>
          <Button
            variant="light"
            onClick={() => {
              close();
              openAccountDialog("responsible");
            }}
          >
            Responsible play
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <NumberInput
              label={`Amount (${CURRENCY})`}
              placeholder="Enter amount"
              min={LIMITS.topUpMin}
              step={0.01}
              // Never change what was typed (0.5 stays 0.5, 0.555 stays 0.555): the schema's message says what is wrong.
              clampBehavior="none"
              prefix="$"
              allowNegative={false}
              value={form.values.amount}
              onChange={(v) => form.setFieldValue("amount", v === "" ? "" : String(v))}
              error={form.errors.amount && !requiredMissing ? form.errors.amount : undefined}
            />
            <Radio.Group
              label="Payment method"
              value={form.values.cryptoCurrency}
              onChange={(v) => {
                form.setFieldValue("cryptoCurrency", v);
                // Each coin starts on its default chain; a coin on several lets the player choose below.
                form.setFieldValue("network", COIN_NETWORKS[v as Coin]?.[0]);
              }}
            >
              <SimpleGrid cols={2} mt="xs">
                {CRYPTO_CURRENCIES.map((c) => {
                  const Icon = CRYPTO_ICONS[c];
                  return (
                    <Radio.Card key={c} value={c} p="sm" radius="md" aria-label={`${c} ${CRYPTO_LABELS[c]}`}>
                      <Group gap="sm" wrap="nowrap">
                        <Radio.Indicator />
                        <ThemeIcon variant="light" color={CRYPTO_COLORS[c]} radius="xl">
                          <Icon size={18} />
                        </ThemeIcon>
                        <div>
                          <Text fw={600} size="sm">
                            {c}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {CRYPTO_LABELS[c]}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  );
                })}
              </SimpleGrid>
            </Radio.Group>
            {form.values.cryptoCurrency && (COIN_NETWORKS[form.values.cryptoCurrency as Coin]?.length ?? 0) > 1 && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="network-label">
                  Network
                </Text>
                <SegmentedControl
                  aria-labelledby="network-label"
                  fullWidth
                  value={form.values.network ?? ""}
                  onChange={(v) => form.setFieldValue("network", v as WithdrawalNetwork)}
                  data={COIN_NETWORKS[form.values.cryptoCurrency as Coin].map((n) => ({ value: n, label: n }))}
                />
                <Text size="xs" c="dimmed">
                  Send on {form.values.network ? NETWORK_LABELS[form.values.network] : "the chosen network"} only: coins sent on
                  another chain are lost.
                </Text>
              </Stack>
            )}
            {/* The amount's own error shows under the field; this line only for what has no field of its own. */}
            {errors.length > 0 && (requiredMissing || !form.errors.amount) && (
              <Text c="red" size="sm" role="alert">
                {requiredMissing ? PAYMENT_MESSAGES.required : errors[0]}
              </Text>
            )}
            <Button type="submit" disabled={create.isPending} fullWidth>
              {create.isPending ? "Creating Payment..." : "Continue to Payment"}
            </Button>
            <Anchor component={IntentLink} href="/payments" size="sm" ta="center" onClick={() => close()}>
              View my payment history
            </Anchor>
            <SupportLinks compact />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
