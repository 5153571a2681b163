"use client";

import { Button, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconDice5, IconSearch, IconShoppingCart } from "@tabler/icons-react";
import { memo, useState } from "react";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import { PICK_LIMITS } from "@/shared/ticket-picking";
import type { PublicContest } from "@/trpc/types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { QuantityStepper } from "../common/QuantityStepper";
import { WholeNumberInput } from "../common/WholeNumberInput";
import { useAddToCart } from "./useAddToCart";
import { showToast, TOAST } from "../common/toasts";
import tap from "../common/TapTarget.module.css";

type Props = {
  contest: Pick<PublicContest, "id" | "title" | "ticketPrice" | "imageUrl" | "skillQuestion" | "maxTickets">;
  answerIndex: number | undefined;
};

/**
 * Pick your numbers (docs/contests.md): one page of 100 numbers at a time (never the whole contest),
 * taken ones greyed out, a search box that opens the page of a number, and a lucky dip chosen by the
 * server. Adding to the cart holds the numbers for the player (TICKET_HOLD_MINUTES); checkout buys them.
 */
export const NumberPicker = memo(function NumberPicker({ contest, answerIndex }: Props) {
  const { user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<number | undefined>(undefined);
  const [find, setFind] = useState<number | "">("");
  const [selected, setSelected] = useState<number[]>([]);
  const [dip, setDip] = useState(1);
  const addToCart = useAddToCart();
  const queryClient = useQueryClient();
  const grid = useQuery(trpc.picking.numbers.queryOptions({ id: contest.id, ...(search ? { search } : { page }) }));
  const data = grid.data;
  const taken = new Set(data?.taken ?? []);
  const held = new Set(data?.held ?? []);

  const toCart = (numbers: number[]) => {
    addToCart(contest, numbers.length, answerIndex, numbers);
    setSelected([]);
    void queryClient.invalidateQueries(trpc.picking.numbers.pathFilter());
  };
  const onError = (error: { message: string }) => {
    showToast(TOAST.numbersNotHeld, error.message, "error");
    void queryClient.invalidateQueries(trpc.picking.numbers.pathFilter());
  };
  const hold = useMutation(trpc.picking.hold.mutationOptions({ onSuccess: (r) => toCart(r.ticketNumbers), onError }));
  const lucky = useMutation(trpc.picking.luckyDip.mutationOptions({ onSuccess: (r) => toCart(r.ticketNumbers), onError }));
  const signedIn = () => {
    if (user) return true;
    showToast(TOAST.signInRequired, "Please sign in to pick your numbers", "error");
    return false;
  };
  const needsAnswer = () => {
    if (!contest.skillQuestion || answerIndex !== undefined) return false;
    showToast(TOAST.error, FAIR_PLAY_MESSAGES.answerMissing, "error");
    return true;
  };

  const toggle = (n: number) =>
    setSelected((s) => (s.includes(n) ? s.filter((x) => x !== n) : s.length >= PICK_LIMITS.numbersMax ? s : [...s, n]));
  const goTo = () => {
    const n = typeof find === "number" ? find : Number.parseInt(find, 10);
    if (!Number.isInteger(n) || n < 1 || (contest.maxTickets !== null && n > contest.maxTickets)) {
      showToast(TOAST.error, `Search for a number from 1 to ${contest.maxTickets}`, "error");
      return;
    }
    setSearch(n);
  };
  const numbers = data ? Array.from({ length: data.last - data.first + 1 }, (_, i) => data.first + i) : [];
  const freeOnPage = numbers.filter((n) => !taken.has(n)).length;

  return (
    <Paper withBorder p="md" radius="md" data-testid="number-picker">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Pick your numbers
          </Title>
          {data && (
            <Text size="xs" c="dimmed">
              Numbers {data.first}–{data.last}
            </Text>
          )}
        </Group>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <WholeNumberInput
            label="Find a number"
            placeholder={`1 to ${contest.maxTickets ?? ""}`}
            value={find}
            onChange={setFind}
            min={1}
            max={contest.maxTickets ?? undefined}
            rootStyle={{ flex: 1 }}
            onKeyDown={(e) => e.key === "Enter" && goTo()}
          />
          <Button variant="default" leftSection={<IconSearch size={16} />} onClick={goTo}>
            Find
          </Button>
        </Group>
        {grid.isLoading || !data ? (
          <SimpleGrid cols={{ base: 5, xs: 10 }} spacing={4} verticalSpacing={4} aria-busy>
            {Array.from({ length: 20 }, (_, i) => (
              <Skeleton key={i} h={34} />
            ))}
          </SimpleGrid>
        ) : (
          <>
            <SimpleGrid cols={{ base: 5, xs: 10 }} spacing={4} verticalSpacing={4} role="group" aria-label="Ticket numbers">
              {numbers.map((n) => {
                const isTaken = taken.has(n);
                const isHeld = held.has(n);
                const isSelected = selected.includes(n);
                return (
                  <Button
                    key={n}
                    size="compact-sm"
                    px={2}
                    className={tap.target}
                    variant={isSelected ? "filled" : isHeld ? "light" : "default"}
                    color={isHeld ? "teal" : undefined}
                    disabled={isTaken || isHeld}
                    aria-pressed={isSelected}
                    aria-label={`Number ${n}${isTaken ? ", taken" : isHeld ? ", in your cart" : ""}`}
                    data-number={n}
                    onClick={() => toggle(n)}
                  >
                    {n}
                  </Button>
                );
              })}
            </SimpleGrid>
            {freeOnPage === 0 && (
              <Text size="sm" c="dimmed">
                Every number on this page is taken: try another page or a lucky dip.
              </Text>
            )}
            {data.pages > 1 && (
              <Pagination
                size="sm"
                total={data.pages}
                value={data.page}
                siblings={0}
                onChange={(p) => {
                  setSearch(undefined);
                  setPage(p);
                }}
                getControlProps={(control) => ({ "aria-label": `${control} page` })}
              />
            )}
          </>
        )}
        <Text size="sm" data-testid="picked-numbers">
          {selected.length
            ? `Selected: ${[...selected]
                .sort((a, b) => a - b)
                .map((n) => `#${n}`)
                .join(", ")}`
            : "No numbers selected yet"}
        </Text>
        <Button
          leftSection={<IconShoppingCart size={18} />}
          disabled={selected.length === 0}
          loading={hold.isPending}
          onClick={() => signedIn() && !needsAnswer() && hold.mutate({ contestId: contest.id, ticketNumbers: selected })}
        >
          {selected.length ? `Add ${selected.length} number${selected.length === 1 ? "" : "s"} to Cart` : "Add to Cart"}
        </Button>
        <Group gap="sm" wrap="wrap">
          <QuantityStepper value={dip} onChange={(q) => setDip(Math.min(PICK_LIMITS.numbersMax, q))} label="Lucky dip quantity" />
          <Button
            variant="light"
            leftSection={<IconDice5 size={18} />}
            loading={lucky.isPending}
            onClick={() => signedIn() && !needsAnswer() && lucky.mutate({ contestId: contest.id, quantity: dip })}
          >
            Lucky dip
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Numbers in your cart are held for you for a few minutes; check out to buy them.
        </Text>
      </Stack>
    </Paper>
  );
});
