"use client";

import { useCallback } from "react";
import type { PublicContest } from "@/trpc/types";
import { CART_MESSAGES } from "@/shared/cart-messages";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import { useCurrentUser } from "../common/useCurrentUser";
import { addToStoredCart, isAnswerChange, readCart } from "../common/cartStore";
import { showToast, TOAST, toastInfo } from "@/components/common/toasts";

/**
 * Puts `quantity` tickets of a contest in the signed-in user's cart, with the spec's toasts. A press
 * before the page knows who is signed in waits for the answer: the tickets belong in that player's
 * cart, not in the guest cart the drawer would no longer show once the session arrives.
 */
export function useAddToCart() {
  const { user, isLoading, refetch } = useCurrentUser();
  const knownUserId = isLoading ? undefined : (user?.id ?? null);
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
        showToast(TOAST.error, CART_MESSAGES.contestId, "error");
        return;
      }
      if (contest.skillQuestion && answerIndex === undefined) {
        showToast(TOAST.error, FAIR_PLAY_MESSAGES.answerMissing, "error");
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
      const put = (userId: string | null) => {
        const corrected = isAnswerChange(readCart(userId), item);
        addToStoredCart(userId, item, q);
        if (corrected) {
          toastInfo(TOAST.answerChanged, `Your cart now has ${q} ticket(s) for ${contest.title} with the new answer`);
        } else toastInfo(TOAST.ticketsAdded, `Added ${q} ticket(s) to cart`);
      };
      if (knownUserId !== undefined) put(knownUserId);
      else void refetch().then((r) => put(r.data?.id ?? null));
    },
    [knownUserId, refetch],
  );
}
