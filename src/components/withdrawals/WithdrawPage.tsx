"use client";

import { Button, Card, Container, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useState } from "react";
import { CRYPTO_CURRENCIES, type CryptoCurrency } from "@/shared/constants";
import { formatUsd } from "@/shared/money-format";
import { ADDRESS_PLACEHOLDERS } from "@/shared/networks";
import {
  COIN_NETWORKS,
  createWithdrawalSchema,
  NETWORK_LABELS,
  WITHDRAWAL_LIMITS,
  type WithdrawalNetwork,
} from "@/shared/withdrawals";
import { useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { ChainText, routeNote, StatusWithNote } from "../common/WithdrawalStatusBadge";
import { IdentityCard } from "./IdentityCard";
import { WithdrawalQuote } from "./WithdrawalQuote";
import { DateTime } from "@/components/common/useTimeZone";
import { DataTable } from "@/components/common/DataTable";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { BalanceHeading, SignInPrompt, useFieldErrors } from "@/components/common/SignedInPage";
import { useInvalidate } from "@/components/common/useInvalidate";

/** Withdraw to a crypto wallet, and the player's withdrawals with their statuses (docs/payments.md). */
export function WithdrawPage() {
  const { user, isLoading } = useCurrentUser();
  const invalidate = useInvalidate();
  const list = useQuery(trpc.withdrawals.mine.queryOptions(undefined, { enabled: Boolean(user), refetchInterval: 15_000 }));
  const [amount, setAmount] = useState("");
  const [coin, setCoin] = useState<CryptoCurrency>("USDT");
  const [network, setNetwork] = useState<WithdrawalNetwork>("TRC20");
  const [address, setAddress] = useState("");
  const { errors, check } = useFieldErrors();
  const create = useMutation(
    trpc.withdrawals.create.mutationOptions({
      onSuccess: async (w) => {
        toastSuccess(
          TOAST.withdrawalRequested,
          w.route === "instant"
            ? `${formatUsd(w.amount)} in ${w.cryptoCurrency} is on its way to your wallet.`
            : w.route === "identity"
              ? `${formatUsd(w.amount)} in ${w.cryptoCurrency} is held until your identity is verified.`
              : `${formatUsd(w.amount)} in ${w.cryptoCurrency} is waiting for approval.`,
        );
        setAmount("");
        setAddress("");
        await invalidate(trpc.withdrawals.mine, trpc.auth.me);
      },
      onError: (e) => toastError(TOAST.withdrawalFailed, e, "Could not request the withdrawal"),
    }),
  );

  if (isLoading) return <Spinner m="xl" />;
  if (!user) {
    return <SignInPrompt to="to withdraw" />;
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = check(createWithdrawalSchema, { amount, cryptoCurrency: coin, network, address });
    if (input) create.mutate(input);
  };

  return (
    <Container size="lg" py="xl">
      <Stack>
        <BalanceHeading title="Withdraw" balance={user.balance} />
        <Group grow align="stretch">
          <Card withBorder radius="md" p="md">
            <Text size="sm" c="gray.7">
              Withdrawable cash
            </Text>
            <Text fw={700} size="xl" data-testid="withdrawable-cash">
              {formatUsd(user.cashBalance)}
            </Text>
            <Text size="xs" c="gray.7">
              Top-ups, cash prizes, cash alternatives and refunds of cash.
            </Text>
          </Card>
          <Card withBorder radius="md" p="md">
            <Text size="sm" c="gray.7">
              Site credit
            </Text>
            <Text fw={700} size="xl" data-testid="site-credit">
              {formatUsd(user.creditBalance)}
            </Text>
            <Text size="xs" c="gray.7">
              Spent on tickets and spins before cash; it cannot be withdrawn.
            </Text>
          </Card>
        </Group>
        <Card withBorder radius="md" p="lg" component="form" onSubmit={submit} aria-label="Withdraw form">
          <Stack>
            <Text size="sm" c="gray.7">
              Send cash from your balance to your own crypto wallet: up to {formatUsd(user.cashBalance)} now. The amount is held
              at once. Between {formatUsd(WITHDRAWAL_LIMITS.min)} and {formatUsd(WITHDRAWAL_LIMITS.max)} per withdrawal.
            </Text>
            {/* One field per row on a phone: three in a row cut the network's name. */}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <TextInput
                label="Amount (USD)"
                placeholder="25.00"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                error={errors.amount}
                data-testid="withdraw-amount"
              />
              <Select
                label="Currency"
                data={[...CRYPTO_CURRENCIES]}
                value={coin}
                allowDeselect={false}
                onChange={(v) => {
                  const c = (v ?? "USDT") as CryptoCurrency;
                  setCoin(c);
                  setNetwork(COIN_NETWORKS[c][0] as WithdrawalNetwork);
                }}
                error={errors.cryptoCurrency}
                data-testid="withdraw-currency"
              />
              <Select
                label="Network"
                data={COIN_NETWORKS[coin].map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
                value={network}
                allowDeselect={false}
                onChange={(v) => setNetwork((v ?? COIN_NETWORKS[coin][0]) as WithdrawalNetwork)}
                error={errors.network}
                data-testid="withdraw-network"
              />
            </SimpleGrid>
            <TextInput
              label="Wallet address"
              placeholder={ADDRESS_PLACEHOLDERS[network]}
              value={address}
              onChange={(e) => setAddress(e.currentTarget.value)}
              error={errors.address}
              spellCheck={false}
              autoComplete="off"
              data-testid="withdraw-address"
            />
            <WithdrawalQuote input={{ amount, cryptoCurrency: coin, network, address }} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} data-testid="withdraw-submit">
                Request Withdrawal
              </Button>
            </Group>
          </Stack>
        </Card>
        <IdentityCard />
        <Title order={2} size="h3">
          My Withdrawals
        </Title>
        {list.isLoading ? (
          <Spinner />
        ) : !list.data?.length ? (
          <Text c="dimmed">No withdrawals yet.</Text>
        ) : (
          <DataTable
            rows={list.data}
            rowKey={(w) => w.id}
            rowProps={() => ({ "data-testid": "withdrawal-row" })}
            minWidth={700}
            columns={[
              { label: "Date", cell: (w) => <DateTime value={w.createdAt} /> },
              { label: "Amount", cell: (w) => formatUsd(w.amount) },
              { label: "Currency", cell: (w) => `${w.cryptoCurrency} (${w.network})${w.payAmount ? ` ${w.payAmount}` : ""}` },
              { label: "Address", cell: (w) => <ChainText>{w.address}</ChainText> },
              {
                label: "Status",
                lead: true,
                cell: (w) => <StatusWithNote status={w.status} note={w.rejectionReason || w.failureReason || routeNote(w)} />,
              },
              {
                label: "Transaction",
                cell: (w) => <ChainText data-testid="withdrawal-txid">{w.txid ?? "—"}</ChainText>,
              },
            ]}
          />
        )}
      </Stack>
    </Container>
  );
}
