"use client";

import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconHeartHandshake } from "@tabler/icons-react";
import { formatUsd } from "@/shared/money-format";
import { RESPONSIBLE_MESSAGES } from "@/shared/responsible-play-messages";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { openAccountDialog } from "./dialogs";
import { DateTime } from "./useTimeZone";
import { playerQueriesEnabled, useCurrentUser } from "./useCurrentUser";

export type PlayerStanding = RouterOutputs["responsiblePlay"]["standing"];
export type Restriction = NonNullable<PlayerStanding["restriction"]>;

/**
 * What the signed-in player may do now (top up, spin, buy), from the server's one answer
 * (`responsiblePlay.standing`, the rules the server enforces): the calls to action say why not, and
 * until when, before the click. Null while unknown or signed out: the buttons stay as they are and
 * the server still refuses on its own.
 */
export function usePlayerStanding(): PlayerStanding | null {
  const { user } = useCurrentUser();
  const standing = useQuery(
    trpc.responsiblePlay.standing.queryOptions(undefined, { enabled: playerQueriesEnabled(user), staleTime: 30_000 }),
  ).data;
  // `enabled` does not hide what is already cached: a part that hydrates late (the home's list, inside
  // a Suspense boundary) would otherwise read the standing the header fetched meanwhile and render
  // the self-exclusion notice where the server's HTML has the wheel teaser (React #418). While
  // hydrating, useCurrentUser answers no user, and so does this.
  return user ? (standing ?? null) : null;
}

/** The short label a blocked button carries instead of its action. */
export function restrictionLabel(r: Restriction): string {
  return r.reason === "self_excluded"
    ? "Self-excluded"
    : r.reason === "age_required"
      ? "Date of birth needed"
      : "Spend limit reached";
}

/** Why and until when, dates in the player's zone. */
export function RestrictionText({ restriction: r }: { restriction: Restriction }) {
  if (r.reason === "self_excluded") {
    return (
      <>
        Your account is self-excluded until {r.until ? <DateTime value={r.until} style="long" /> : "you ask to end it"}: you
        cannot top up, buy tickets or spin the wheel. You can still withdraw and read your history.
      </>
    );
  }
  if (r.reason === "age_required") return <>{RESPONSIBLE_MESSAGES.ageRequired} (Responsible play).</>;
  return (
    <>
      You have reached your {r.period} spend limit of {formatUsd(r.limit ?? "0")}
      {r.until ? (
        <>
          : tickets and paid spins are open again from <DateTime value={r.until} />
        </>
      ) : null}
      . Top-ups and free spins still work.
    </>
  );
}

/** The notice restricted players see on home and the wheel page. */
export function RestrictionNotice({ standing }: { standing: PlayerStanding | null }) {
  const r = standing?.restriction;
  if (!r) return null;
  return (
    <Alert
      color={r.reason === "limit_reached" ? "yellow" : "orange"}
      icon={<IconHeartHandshake size={18} />}
      title={restrictionLabel(r)}
      data-testid="restriction-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <RestrictionText restriction={r} />
        </Text>
        <Button size="xs" variant="light" onClick={() => openAccountDialog("responsible")}>
          Responsible play
        </Button>
      </Stack>
    </Alert>
  );
}
