"use client";

import { Badge, Button, Code, Group, Image, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { twoFactorCodeSchema } from "@/shared/schemas/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { AuthCodeField } from "@/components/common/AuthCodeField";

type Setup = { secret: string; uri: string; qrCode: string };

/** Admins: turn TOTP two-factor on (scan the QR code, confirm a code) or off (a current code). */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery(trpc.auth.twoFactorStatus.queryOptions(undefined, { staleTime: 0 }));
  const [setup, setSetup] = useState<Setup | null>(null);
  // Shown once, right after enrolment: the server keeps only their hashes.
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const form = useForm({ initialValues: { code: "" }, validate: schemaResolver(twoFactorCodeSchema, { sync: true }) });

  const start = useMutation(
    trpc.auth.twoFactorSetup.mutationOptions({
      onSuccess: (data) => {
        setSetup(data);
        form.reset();
      },
      onError: (e) => toastError(TOAST.twoFactor, e, "Could not start the set-up."),
    }),
  );
  const enable = useMutation(
    trpc.auth.twoFactorEnable.mutationOptions({
      onSuccess: async (answer) => {
        toastSuccess(TOAST.twoFactorOn, "Sign-ins to this account now ask for a code.");
        setSetup(null);
        setBackupCodes(answer.backupCodes);
        form.reset();
        await queryClient.invalidateQueries(trpc.auth.twoFactorStatus.pathFilter());
      },
      onError: (e) => toastError(TOAST.twoFactor, e, "Invalid authentication code. Please try again."),
    }),
  );
  const disable = useMutation(
    trpc.auth.twoFactorDisable.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.twoFactorOff, "Sign-ins no longer ask for a code.");
        form.reset();
        await queryClient.invalidateQueries(trpc.auth.twoFactorStatus.pathFilter());
      },
      onError: (e) => toastError(TOAST.twoFactor, e, "Invalid authentication code. Please try again."),
    }),
  );

  const enabled = status.data?.enabled ?? false;
  // Turning it on proves the new key: only the app's code. Turning it off takes a backup code too.
  const codeField = <AuthCodeField key={form.key("code")} backup={enabled} {...form.getInputProps("code")} />;

  return (
    <Stack gap="sm" data-testid="two-factor-section">
      <Group gap="xs">
        <Title order={4}>Two-factor authentication</Title>
        <Badge color={enabled ? "green" : "gray"}>{enabled ? "On" : "Off"}</Badge>
      </Group>
      {status.data?.required && !enabled && (
        <Text size="sm" c="orange">
          This site asks for two-factor before the admin dashboard shows players&apos; data or acts on it.
        </Text>
      )}
      {backupCodes && <BackupCodes codes={backupCodes} onSaved={() => setBackupCodes(null)} />}
      {enabled ? (
        <form onSubmit={form.onSubmit((v) => disable.mutate(twoFactorCodeSchema.parse(v)))} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter a current code (or a backup code) to turn two-factor off.</Text>
            {codeField}
            <Button type="submit" color="red" variant="light" loading={disable.isPending} style={{ alignSelf: "flex-start" }}>
              Turn off
            </Button>
          </Stack>
        </form>
      ) : setup ? (
        <form onSubmit={form.onSubmit((v) => enable.mutate(twoFactorCodeSchema.parse(v)))} noValidate>
          <Stack gap="sm">
            <Text size="sm">Scan this QR code with an authenticator app, then enter the code it shows.</Text>
            <Image src={setup.qrCode} alt="QR code for your authenticator app" w={180} h={180} />
            <Text size="xs" c="dimmed">
              Or enter this key by hand: <Code>{setup.secret}</Code>
            </Text>
            {codeField}
            <Button type="submit" loading={enable.isPending} style={{ alignSelf: "flex-start" }}>
              Turn on
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text size="sm">Protect this admin account with a code from an authenticator app at every sign-in.</Text>
          <Button onClick={() => start.mutate()} loading={start.isPending} style={{ alignSelf: "flex-start" }}>
            Set up two-factor
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The ten backup codes, shown this once (the server keeps only their hashes): copy them, download them
 * as a file, and say "I saved them" to put them away.
 */
function BackupCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = `Prize Contests two-factor backup codes (each works once):\n${codes.join("\n")}\n`;
  const [copied, setCopied] = useState(false);
  const [href] = useState(() => URL.createObjectURL(new Blob([text], { type: "text/plain" })));
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Stack gap={6} data-testid="backup-codes">
      <Text size="sm" fw={600}>
        Backup codes: keep them somewhere safe. Each works once instead of a code; they are not shown again.
      </Text>
      <Code block>{codes.join("\n")}</Code>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <Button size="xs" variant="default" component="a" href={href} download="prize-contests-backup-codes.txt">
          Download codes
        </Button>
        <Button size="xs" onClick={onSaved}>
          I saved them
        </Button>
      </Group>
    </Stack>
  );
}
