"use client";

import { ActionIcon, Button, Divider, Drawer, Group, Image, NativeSelect, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";

import { DELAYS } from "@/shared/constants";
import { formatUsd, isShort, lineTotal, sumLines } from "@/shared/money";
import { CART_MESSAGES } from "@/shared/cart-messages";
import { api } from "@/trpc/react";
import { useCurrentUser } from "../auth/useCurrentUser";
import { QuantityStepper } from "../contests/QuantityStepper";
import { useCart } from "./cartStore";
import { RestrictionText, usePlayerStanding } from "../auth/PlayerStanding";
import { LimitPromptModal } from "../safer-play/LimitPromptModal";
import { SupportLinks } from "../safer-play/SupportLinks";

/**
 * The cart drawer (docs/product.md §2 "Cart drawer"): lines, total, balance and checkout. Its code
 * (forms, money, the checkout mutation) loads the first time the cart is opened (CartButton.tsx).
 */
export default function CartDrawer({ opened, close }: { opened: boolean; close: () => void }) {
  const { user } = useCurrentUser();
  const cart = useCart(user?.id);
  const utils = api.useUtils();
  // Shown prices follow the current contest list when we have it; the server prices checkout anyway.
  const contests = api.contests.list.useQuery(undefined, { enabled: opened });
  const lines = useMemo(() => {
    const current = new Map((contests.data ?? []).map((c) => [c.id, c]));
    return cart.items.map((i) => ({
      ...i,
      ticketPrice: current.get(i.contestId)?.ticketPrice ?? i.ticketPrice,
      skillQuestion: current.get(i.contestId)?.skillQuestion ?? i.skillQuestion,
    }));
  }, [cart.items, contests.data]);
  const total = sumLines(lines);
  const balance = user?.balance ?? "0";
  const short = isShort(balance, total);
  const standing = usePlayerStanding();
  const restricted = standing && !standing.mayBuy ? standing.restriction : null;

  const checkout = api.cart.checkout.useMutation({
    onSuccess: async () => {
      cart.clear();
      close();
      notifications.show({ title: "Purchase Successful!", message: "All tickets have been purchased and added to your account" });
      await Promise.all([
        utils.auth.me.invalidate(),
        utils.contests.invalidate(),
        utils.cart.purchases.invalidate(),
        utils.responsiblePlay.standing.invalidate(),
      ]);
    },
    onError: (error) => {
      if (error.data?.code === "UNAUTHORIZED") {
        notifications.show({ title: "Unauthorized", message: "You are logged out. Logging in again...", color: "red" });
        setTimeout(() => window.location.assign("/api/login"), DELAYS.unauthorizedRedirect);
        return;
      }
      if (error.message === CART_MESSAGES.insufficientBalance) {
        notifications.show({
          title: "Insufficient Balance",
          message: "Please add more balance to complete this purchase",
          color: "red",
        });
        void utils.auth.me.invalidate();
        return;
      }
      notifications.show({ title: "Purchase Failed", message: error.message || "Failed to process checkout", color: "red" });
      void utils.contests.invalidate();
    },
  });

  // The spend-limit prompt comes before the first purchase (docs/fair-play.md "Safer play").
  const [prompting, setPrompting] = useState(false);
  const onCheckout = (answered = false) => {
    if (!answered && standing?.askLimitChoice && cart.items.length > 0) {
      setPrompting(true);
      return;
    }
    if (cart.items.length === 0) {
      notifications.show({ title: "Error", message: CART_MESSAGES.emptyCart, color: "red" });
      return;
    }
    if (short) {
      notifications.show({
        title: "Insufficient Balance",
        message: "Please add more balance to complete this purchase",
        color: "red",
      });
      return;
    }
    checkout.mutate({
      items: cart.items.map((i) => ({
        contestId: i.contestId,
        quantity: i.quantity,
        ...(i.answerIndex === undefined ? {} : { answerIndex: i.answerIndex }),
      })),
    });
  };

  return (
    <Drawer opened={opened} onClose={close} position="right" title="Your Cart" size="md">
      {cart.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {CART_MESSAGES.emptyCart}
        </Text>
      ) : (
        <Stack gap="md">
          {lines.map((i) => (
            <Group key={i.contestId} wrap="nowrap" align="flex-start" data-testid="cart-item">
              <Image
                src={i.imageUrl ?? "/images/placeholder.svg"}
                alt=""
                w={64}
                h={64}
                radius="sm"
                fallbackSrc="/images/placeholder.svg"
              />
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
                <Group justify="space-between">
                  <QuantityStepper value={i.quantity} onChange={(q) => cart.update(i.contestId, q)} min={0} size="sm" />
                  <Text fw={600}>{formatUsd(lineTotal(i.ticketPrice, i.quantity))}</Text>
                </Group>
              </Stack>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${i.title}`} onClick={() => cart.remove(i.contestId)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Divider my="md" />
      <Stack gap="xs">
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
        <Button
          fullWidth
          mt="sm"
          onClick={() => onCheckout()}
          disabled={cart.items.length === 0 || short || !user || !!restricted || checkout.isPending}
        >
          {checkout.isPending ? "Processing..." : "Checkout with Balance"}
        </Button>
        {restricted && cart.items.length > 0 && (
          <Text size="sm" c="orange.9" ta="center" data-testid="checkout-restricted">
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
  );
}
