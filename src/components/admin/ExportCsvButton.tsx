"use client";

import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useSecondFactorGate } from "./SecondFactorGate";

/**
 * A plain download link to an admin CSV export (src/server/rest/routes/exports.ts): the browser
 * streams the file. Off while the session still owes its two-factor code (exports are privileged reads).
 */
export function ExportCsvButton({ href, label = "Export CSV" }: { href: string; label?: string }) {
  const { locked } = useSecondFactorGate();
  if (locked) {
    return (
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button component="a" href={href} download size="xs" variant="default" leftSection={<IconDownload size={14} />}>
      {label}
    </Button>
  );
}
