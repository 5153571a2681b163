"use client";

import { Alert, Button, Divider, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { formatUsd } from "@/shared/money-format";
import type { SelfExclusionPeriod } from "@/shared/responsible-play";
import { LIMIT_PERIODS, type LimitPeriod } from "@/shared/responsible-play-messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { DateTime } from "@/components/common/useTimeZone";
import { answerToasts, TOAST } from "@/components/common/toasts";
import { SelfExclusionStatus } from "./SelfExclusionStatus";
import { SupportLinks } from "../common/SupportLinks";
import { useOpenAfterMount } from "@/components/common/dialogs";
import { useServerDraft } from "@/components/common/useServerDraft";

const LABEL: Record<LimitPeriod, string> = { daily: "Daily (24 h)", weekly: "Weekly (7 days)", monthly: "Monthly (30 days)" };

/**
 * Account → Responsible play (docs/fair-play.md): spend limits on ticket purchases and paid spins,
 * and self-exclusion. The server enforces both; this screen only shows and sets them.
 */
export function ResponsiblePlayDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const shown = useOpenAfterMount(opened);
  const queryClient = useQueryClient();
  const data = useQuery(trpc.responsiblePlay.limits.queryOptions(undefined, { enabled: opened, staleTime: 0 }));
  const limits = data.data?.limits;
  const [draft, setDraft] = useServerDraft<Record<LimitPeriod, string>>(
    limits && { daily: limits.daily ?? "", weekly: limits.weekly ?? "", monthly: limits.monthly ?? "" },
    { daily: "", weekly: "", monthly: "" },
  );
  const [period, setPeriod] = useState<SelfExclusionPeriod>("6m");
  const [confirming, setConfirming] = useState(false);
  const [dob, setDob] = useState("");

  const refresh = () => queryClient.invalidateQueries(trpc.responsiblePlay.pathFilter());
  const save = useMutation(
    trpc.responsiblePlay.setLimits.mutationOptions(
      answerToasts([TOAST.limitsSaved, "Your limits were saved"], [TOAST.limitsNotSaved, "Failed to save your limits"], refresh),
    ),
  );
  const exclude = useMutation(
    trpc.responsiblePlay.selfExclude.mutationOptions(
      answerToasts([TOAST.selfExclusionActive], [TOAST.selfExclusionFailed, "Failed to start the self-exclusion"], () => {
        setConfirming(false);
        return refresh();
      }),
    ),
  );

  const declare = useMutation(
    trpc.responsiblePlay.declareAge.mutationOptions(
      answerToasts(
        [TOAST.dateOfBirthSaved, "Thank you"],
        [TOAST.dateOfBirthNotSaved, "Failed to save your date of birth"],
        refresh,
      ),
    ),
  );

  const v = data.data;
  const submit = () => {
    const body: Partial<Record<LimitPeriod, string | null>> = {};
    for (const p of LIMIT_PERIODS) {
      const typed = draft[p].trim();
      const current = v?.limits[p] ?? null;
      if ((typed || null) !== current) body[p] = typed || null;
    }
    save.mutate(body);
  };

  return (
    <Modal opened={shown} onClose={onClose} title="Responsible play" size="lg">
      <Stack data-testid="responsible-play">
        {v && <SelfExclusionStatus limits={v} />}
        {v && !v.ageDeclared && (
          <Alert color={v.ageDeclarationRequired ? "orange" : "blue"} data-testid="age-declaration">
            <Stack gap="xs">
              <Text size="sm">
                Please confirm you are 18 or over with your date of birth
                {v.ageDeclarationRequired ? " before topping up, buying tickets or spinning." : "."}
              </Text>
              <Group align="flex-end">
                <TextInput label="Date of birth" type="date" value={dob} onChange={(e) => setDob(e.currentTarget.value)} />
                <Button disabled={!dob} loading={declare.isPending} onClick={() => declare.mutate({ dateOfBirth: dob })}>
                  Save
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Title order={3} size="h5">
          Spend limits
        </Title>
        <Text size="sm" c="dimmed">
          Limits cover ticket purchases and paid wheel spins. A lower limit applies at once; a higher or removed limit only after
          24 hours. Leave a field empty for no limit; 0 means no spending at all.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {LIMIT_PERIODS.map((p) => (
            <TextInput
              key={p}
              label={LABEL[p]}
              placeholder="No limit"
              leftSection="$"
              value={draft[p]}
              onChange={(e) => setDraft({ ...draft, [p]: e.currentTarget.value })}
              description={v ? `Spent: ${formatUsd(v.spent[p])}` : undefined}
              // Editable once the current limits are in: they replace the fields' values when they
              // arrive, and a figure typed before then was lost (Save then changed nothing).
              disabled={!v}
            />
          ))}
        </SimpleGrid>
        {v?.pending && v.pendingFrom && (
          <Text size="sm" data-testid="pending-limits">
            From <DateTime value={v.pendingFrom} />:{" "}
            {Object.entries(v.pending)
              .map(([p, value]) => `${p} ${value === null ? "removed" : formatUsd(value)}`)
              .join(", ")}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={!v}>
            Save limits
          </Button>
        </Group>
        <Divider />
        <Title order={3} size="h5">
          Self-exclusion
        </Title>
        <Text size="sm" c="dimmed">
          Take a break: until it ends you cannot top up, buy tickets or spin the wheel, and we send you no offers. It cannot be
          shortened once started; after the period it lasts until you ask to end it, and ends 24 hours after you ask.
        </Text>
        <SegmentedControl
          value={period}
          onChange={(x) => setPeriod(x as SelfExclusionPeriod)}
          data={[
            { value: "6m", label: "6 months" },
            { value: "1y", label: "1 year" },
            { value: "5y", label: "5 years" },
          ]}
        />
        {confirming ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep playing
            </Button>
            <Button color="red" loading={exclude.isPending} onClick={() => exclude.mutate({ period })}>
              Yes, exclude me
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Self-exclude
            </Button>
          </Group>
        )}
        <Divider />
        <SupportLinks />
      </Stack>
    </Modal>
  );
}
