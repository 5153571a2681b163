import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** An admin tab's heading with its main control (an Add button, a search box) on the right. */
export function TabHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Group>
  );
}
