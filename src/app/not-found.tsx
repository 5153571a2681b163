"use client";

import { Button, Container, Stack, Title } from "@mantine/core";
import Link from "next/link";

export default function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center">
        <Title order={1}>404 Page Not Found</Title>
        <Button component={Link} href="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
