"use client";

import { notifications } from "@mantine/notifications";
import { useCallback } from "react";
import type { PublicContest } from "@/trpc/types";
import { CART_MESSAGES } from "@/shared/cart-messages";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play";
import { useCurrentUser } from "../auth/useCurrentUser";
import { isAnswerChange, useCart } from "../cart/cartStore";

/** Puts `quantity` tickets of a contest in the signed-in user's cart, with the spec's toasts. */
export function useAddToCart() {
  const { user } = useCurrentUser();
  const cart = useCart(user?.id);
  return useCallback(
    (
      contest:
        | (Pick<PublicContest, "id" | "title" | "ticketPrice" | "imageUrl"> & Partial<Pick<PublicContest, "skillQuestion">>)
        | null
        | undefined,
      quantity: number,
      answerIndex?: number,
      /** Pick your numbers: the numbers the server now holds for this player (quantity is their count). */
      ticketNumbers?: number[],
    ) => {
      if (!contest?.id) {
        notifications.show({ title: "Error", message: CART_MESSAGES.contestId, color: "red" });
        return;
      }
      if (contest.skillQuestion && answerIndex === undefined) {
        notifications.show({ title: "Error", message: FAIR_PLAY_MESSAGES.answerMissing, color: "red" });
        return;
      }
      const q = Math.max(1, Math.trunc(quantity));
      const item = {
        contestId: contest.id,
        title: contest.title,
        ticketPrice: contest.ticketPrice,
        imageUrl: contest.imageUrl,
        ...(contest.skillQuestion && answerIndex !== undefined
          ? { answerIndex, skillQuestion: { text: contest.skillQuestion.text, options: contest.skillQuestion.options } }
          : {}),
        ...(ticketNumbers ? { ticketNumbers } : {}),
      };
      const corrected = isAnswerChange(cart.items, item);
      cart.add(item, q);
      notifications.show(
        corrected
          ? { title: "Answer Changed", message: `Your cart now has ${q} ticket(s) for ${contest.title} with the new answer` }
          : { title: "Tickets Added!", message: `Added ${q} ticket(s) to cart` },
      );
    },
    [cart],
  );
}
