"use client";

import { ActionIcon, Button, Divider, Drawer, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";

import { DELAYS } from "@/shared/constants";
import { addMoney, formatUsd, isPositive, isShort, moneyString } from "@/shared/money";
import { CART_MESSAGES } from "@/shared/cart-messages";

const INSUFFICIENT_BALANCE = "Please add more balance to complete this purchase";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { QuantityStepper } from "../common/QuantityStepper";
import { checkoutLines, useCart } from "../common/cartStore";
import { offerPush } from "../common/pushOffer";
import { RestrictionText, usePlayerStanding } from "../common/PlayerStanding";
import { showToast, TOAST, toastError, toastInfo, toastUnauthorized } from "@/components/common/toasts";
import { type InstantWin, InstantWinResult } from "./InstantWinResult";
import { PickedNumbers } from "./PickedNumbers";
import { bundleLine } from "../common/BundlePrice";
import { isSaving } from "@/shared/pricing";
import { type PromoQuote, PromoCodeField } from "./PromoCodeField";
import { LimitPromptModal } from "../common/LimitPromptModal";
import { SupportLinks } from "../common/SupportLinks";
import { ContestThumbnail } from "@/components/common/ContestThumbnail";
import { useInvalidate } from "@/components/common/useInvalidate";
import { useOpenAfterMount } from "@/components/common/dialogs";
import { useSkillLocks } from "@/components/common/useSkillLocks";
import { DateTime } from "@/components/common/useTimeZone";

/**
 * The cart drawer (docs/product.md §2 "Cart drawer"): lines, total, balance and checkout. Its code
 * (forms, money, the checkout mutation) loads the first time the cart is opened (CartButton.tsx).
 */
export default function CartDrawer({ opened, close }: { opened: boolean; close: () => void }) {
  const shown = useOpenAfterMount(opened);
  const { user } = useCurrentUser();
  const cart = useCart(user?.id);
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  // Shown prices follow the current contest list when we have it; the server prices checkout anyway.
  const contests = useQuery(trpc.contests.list.queryOptions(undefined, { enabled: opened }));
  const lines = useMemo(() => {
    const current = new Map((contests.data ?? []).map((c) => [c.id, c]));
    return cart.items.map((i) => ({
      ...i,
      ticketPrice: current.get(i.contestId)?.ticketPrice ?? i.ticketPrice,
      skillQuestion: current.get(i.contestId)?.skillQuestion ?? i.skillQuestion,
      // The same bundle rule the server applies at checkout (src/shared/pricing.ts).
      priced: bundleLine(
        {
          id: i.contestId,
          ticketPrice: current.get(i.contestId)?.ticketPrice ?? i.ticketPrice,
          bundleTiers: current.get(i.contestId)?.bundleTiers ?? [],
        },
        i.quantity,
      ),
    }));
  }, [cart.items, contests.data]);
  // A line whose skill question is locked (a wrong answer) stays in the cart, marked with when it
  // opens again, and is left out of checkout: the rest of the cart goes through.
  const locks = useSkillLocks(lines.filter((l) => l.skillQuestion).map((l) => l.contestId));
  const payable = lines.filter((l) => !locks.has(l.contestId));
  // A quote is for the lines it was asked for: any change to them drops it (apply the code again).
  const [promo, setPromo] = useState<{ quote: PromoQuote; cartKey: string } | null>(null);
  const cartKey = payable.map((i) => `${i.contestId}:${i.quantity}`).join(",");
  useEffect(() => {
    if (cartKey !== promo?.cartKey) setPromo(null);
  }, [cartKey, promo]);
  const bundleSaving = addMoney(...payable.map((l) => l.priced.saving));
  const total = promo ? promo.quote.total : moneyString(addMoney(...payable.map((l) => l.priced.total)));
  const balance = user?.balance ?? "0";
  const short = isShort(balance, total);
  const standing = usePlayerStanding();
  const restricted = standing && !standing.mayBuy ? standing.restriction : null;

  // A ticket that hit a committed instant-win number opens the instant-win screen (kept here: the drawer stays mounted).
  const [wins, setWins] = useState<InstantWin[]>([]);
  const checkout = useMutation(
    trpc.cart.checkout.mutationOptions({
      onSuccess: async (res, input) => {
        // Only what was bought leaves the cart (a locked line stays for later).
        const bought = new Set(input.items.map((i) => i.contestId));
        if (bought.size === cart.items.length) cart.clear();
        else for (const id of bought) cart.remove(id);
        close();
        // The receipt: what was paid and what was saved, as the server priced it.
        const saved = [
          isPositive(res.pricing.bundleSaving) ? `multi-buy −${formatUsd(res.pricing.bundleSaving)}` : null,
          isPositive(res.pricing.promoSaving) ? `code ${res.pricing.promoCode} −${formatUsd(res.pricing.promoSaving)}` : null,
        ].filter(Boolean);
        toastInfo(
          TOAST.purchaseSuccessful,
          `All tickets have been purchased and added to your account. Paid ${formatUsd(res.totalAmount)}${saved.length ? ` (saved: ${saved.join(", ")})` : ""}`,
        );
        setWins(res.instantWins);
        // Now that there is a draw to wait for: offer push notifications (never on load; docs/push.md).
        void offerPush("draw");
        await invalidate(
          trpc.auth.me,
          trpc.contests,
          trpc.cart.purchases,
          trpc.responsiblePlay.standing,
          trpc.instantWins.record,
        );
      },
      onError: (error) => {
        if (error.data?.code === "UNAUTHORIZED") {
          toastUnauthorized();
          setTimeout(() => window.location.assign("/api/login"), DELAYS.unauthorizedRedirect);
          return;
        }
        if (error.message === CART_MESSAGES.insufficientBalance) {
          showToast(TOAST.insufficientBalance, INSUFFICIENT_BALANCE, "error");
          void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
          return;
        }
        // A wrong answer (or a locked question) refused the cart before any money moved: the lock is
        // read again, so that line is marked and left out and the rest can be checked out at once.
        const locked = error.data?.code === "TOO_MANY_REQUESTS" || error.message.startsWith("Incorrect answer");
        if (locked) {
          showToast(TOAST.purchaseFailed, `${error.message} The rest of your cart is ready: check out again.`, "error");
          void queryClient.invalidateQueries(trpc.cart.skillLocks.pathFilter());
          return;
        }
        toastError(TOAST.purchaseFailed, error, "Failed to process checkout");
        void queryClient.invalidateQueries(trpc.contests.pathFilter());
      },
    }),
  );

  // Taking picked numbers out of the cart ends their hold at once (else it lapses after TICKET_HOLD_MINUTES).
  const release = useMutation(trpc.picking.release.mutationOptions());
  const removeLine = (i: { contestId: string; ticketNumbers?: number[] }) => {
    cart.remove(i.contestId);
    if (i.ticketNumbers) release.mutate({ contestId: i.contestId, ticketNumbers: i.ticketNumbers });
  };

  // The spend-limit prompt comes before the first purchase (docs/fair-play.md "Safer play").
  const [prompting, setPrompting] = useState(false);
  const onCheckout = (answered = false) => {
    if (!answered && standing?.askLimitChoice && cart.items.length > 0) {
      setPrompting(true);
      return;
    }
    if (cart.items.length === 0) {
      showToast(TOAST.error, CART_MESSAGES.emptyCart, "error");
      return;
    }
    if (payable.length === 0) return; // every line is locked: the lines say until when
    if (short) {
      showToast(TOAST.insufficientBalance, INSUFFICIENT_BALANCE, "error");
      return;
    }
    checkout.mutate({
      items: cart.items.filter((i) => !locks.has(i.contestId)).flatMap(checkoutLines),
      ...(promo?.quote.promoCode ? { promoCode: promo.quote.promoCode } : {}),
    });
  };

  return (
    <>
      <Drawer opened={shown} onClose={close} position="right" title="Your Cart" size="md">
        {cart.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {CART_MESSAGES.emptyCart}
          </Text>
        ) : (
          <Stack gap="md">
            {lines.map((i) => (
              <Group key={i.contestId} wrap="nowrap" align="flex-start" data-testid="cart-item">
                <ContestThumbnail src={i.imageUrl} />
                <Stack gap={4} style={{ flex: 1 }}>
                  <Text fw={600} lineClamp={2}>
                    {i.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatUsd(i.ticketPrice)} per ticket
                  </Text>
                  {i.skillQuestion && (
                    // The answer travels with the line: shown and changeable here, checked by the server at checkout.
                    <NativeSelect
                      size="sm"
                      label={`Your answer: ${i.skillQuestion.text}`}
                      data-testid="cart-answer"
                      value={i.answerIndex === undefined ? "" : String(i.answerIndex)}
                      onChange={(e) => cart.answer(i.contestId, Number(e.currentTarget.value))}
                      data={[
                        ...(i.answerIndex === undefined ? [{ value: "", label: "Choose an answer", disabled: true }] : []),
                        ...i.skillQuestion.options.map((o, n) => ({ value: String(n), label: o })),
                      ]}
                    />
                  )}
                  {locks.has(i.contestId) && (
                    <Text size="sm" c="red" fw={600} data-testid="cart-line-locked">
                      Your answer to this contest&apos;s question was wrong: you can answer it again from{" "}
                      <DateTime value={locks.get(i.contestId) as Date} />. This line stays here and is left out of checkout.
                    </Text>
                  )}
                  {i.ticketNumbers && <PickedNumbers numbers={i.ticketNumbers} quantity={i.quantity} />}
                  <Group justify="space-between">
                    {/* Held numbers leave by the bin (which releases them); the stepper adds or takes lucky-dip tickets. */}
                    <QuantityStepper
                      value={i.quantity}
                      onChange={(q) => cart.update(i.contestId, q)}
                      min={i.ticketNumbers?.length ?? 0}
                      size="sm"
                    />
                    <Stack gap={0} align="flex-end">
                      <Text fw={600}>{formatUsd(i.priced.total)}</Text>
                      {isSaving(i.priced.saving) && (
                        <Text size="xs" c="grape.8" data-testid="cart-bundle-saving">
                          {i.priced.tier?.percentOff}% multi-buy: −{formatUsd(i.priced.saving)}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Stack>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${i.title}`} onClick={() => removeLine(i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <Divider my="md" />
        <Stack gap="xs">
          {cart.items.length > 0 && user && (
            <PromoCodeField
              items={payable.map((i) => ({ contestId: i.contestId, quantity: i.quantity }))}
              applied={promo?.quote ?? null}
              onApplied={(quote) => setPromo(quote ? { quote, cartKey } : null)}
            />
          )}
          {bundleSaving.greaterThan(0) && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Multi-buy savings
              </Text>
              <Text size="sm" c="grape.8" data-testid="cart-bundle-savings">
                −{formatUsd(bundleSaving)}
              </Text>
            </Group>
          )}
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700} data-testid="cart-total">
              {formatUsd(total)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Current balance</Text>
            <Text c={short ? "red" : undefined} data-testid="cart-balance">
              {formatUsd(balance)}
            </Text>
          </Group>
          {user && isPositive(user.creditBalance) && (
            <Text size="xs" c="gray.7" ta="right" data-testid="cart-credit-first">
              Includes {formatUsd(user.creditBalance)} site credit, spent first
            </Text>
          )}
          <Button
            fullWidth
            mt="sm"
            onClick={() => onCheckout()}
            disabled={cart.items.length === 0 || payable.length === 0 || short || !user || !!restricted || checkout.isPending}
          >
            {checkout.isPending ? "Processing..." : "Checkout with Balance"}
          </Button>
          {restricted && cart.items.length > 0 && (
            <Text size="sm" c="orange" ta="center" data-testid="checkout-restricted">
              <RestrictionText restriction={restricted} />
            </Text>
          )}
          {short && cart.items.length > 0 && (
            <Text size="sm" c="red" ta="center">
              Please add more balance to complete this purchase
            </Text>
          )}
          <SupportLinks compact />
        </Stack>
        <LimitPromptModal
          opened={prompting}
          onClose={() => setPrompting(false)}
          onDone={() => {
            setPrompting(false);
            onCheckout(true);
          }}
        />
      </Drawer>
      <InstantWinResult wins={wins} onClose={() => setWins([])} />
    </>
  );
}
