"use client";

import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldErrors } from "@/components/common/SignedInPage";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { useInvalidate } from "@/components/common/useInvalidate";
import { declareIdentitySchema } from "@/shared/identity";
import { formatUsd } from "@/shared/money-format";
import { trpc } from "@/trpc/react";

const EMPTY = { legalName: "", dateOfBirth: "", addressLine: "", city: "", postcode: "", country: "" };

/**
 * Identity only where the law needs it (docs/payments.md "Identity"): the player's tier, what is
 * asked and from when, before they need it; the tier 1 details and the tier 2 check.
 */
export function IdentityCard() {
  const invalidate = useInvalidate();
  const status = useQuery(trpc.identity.status.queryOptions());
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const { errors, check } = useFieldErrors();
  const refresh = () => invalidate(trpc.identity.status, trpc.withdrawals.mine, trpc.auth.me);
  const declare = useMutation(
    trpc.identity.declare.mutationOptions({
      onSuccess: async (r) => {
        toastSuccess(TOAST.identitySaved, r.message);
        setOpen(false);
        await refresh();
      },
      onError: (e) => toastError(TOAST.identityNotSaved, e, "Could not save your details"),
    }),
  );
  const requestCheck = useMutation(
    trpc.identity.requestCheck.mutationOptions({
      onSuccess: async (r) => {
        toastSuccess(TOAST.identityCheckAsked, r.message);
        await refresh();
      },
      onError: (e) => toastError(TOAST.identityNotSaved, e, "Could not ask for the identity check"),
    }),
  );
  const s = status.data;
  if (!s) return null;
  const field = (name: keyof typeof EMPTY, label: string, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
      error={errors[name]}
      data-testid={`identity-${name}`}
    />
  );
  return (
    <Card withBorder radius="md" p="lg" data-testid="identity-card">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Identity
          </Title>
          <Badge color={s.verified >= s.required ? "green" : "blue"} data-testid="identity-tier">
            Tier {s.verified}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          Withdrawn so far {formatUsd(s.withdrawn)}; largest prize {formatUsd(s.largestPrize)}.
          {s.emailVerified ? "" : " Verify your e-mail address (the link is in your inbox) for instant payouts."}
        </Text>
        <List size="sm" data-testid="identity-explain">
          {s.explain.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {s.declared ? (
          <Text size="sm" data-testid="identity-declared">
            Tier 1 on file: {s.declared.legalName}, {s.declared.city} ({s.declared.country}).
          </Text>
        ) : (
          <Group>
            <Button variant="light" onClick={() => setOpen((o) => !o)} data-testid="identity-declare-open">
              Add my legal name, date of birth and address
            </Button>
          </Group>
        )}
        {open && !s.declared && (
          <form
            aria-label="Identity details"
            onSubmit={(e) => {
              e.preventDefault();
              const input = check(declareIdentitySchema, form);
              if (input) declare.mutate(form);
            }}
          >
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {field("legalName", "Legal name")}
                {field("dateOfBirth", "Date of birth", "YYYY-MM-DD")}
                {field("addressLine", "Address")}
                {field("city", "City")}
                {field("postcode", "Postcode")}
                {field("country", "Country (two letters)", "GB")}
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={declare.isPending} data-testid="identity-declare-submit">
                  Save my details
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {s.declared && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" data-testid="identity-check">
              {s.check?.status === "approved"
                ? "Identity check passed (tier 2)."
                : s.check?.status === "pending"
                  ? "Identity check asked for: we will tell you when it is decided."
                  : s.check?.status === "rejected"
                    ? `Identity check not passed${s.check.reason ? `: ${s.check.reason}` : ""}.`
                    : "Tier 2 (an identity check) is asked only from the amounts above."}
            </Text>
            {s.check?.status !== "approved" && s.check?.status !== "pending" && s.required >= 2 && (
              <Button variant="light" onClick={() => requestCheck.mutate()} loading={requestCheck.isPending}>
                Ask for the identity check
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
