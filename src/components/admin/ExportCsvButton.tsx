"use client";

import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";

/** A plain download link to an admin CSV export (src/server/rest/routes/exports.ts): the browser streams the file. */
export function ExportCsvButton({ href, label = "Export CSV" }: { href: string; label?: string }) {
  return (
    <Button component="a" href={href} download size="xs" variant="default" leftSection={<IconDownload size={14} />}>
      {label}
    </Button>
  );
}
