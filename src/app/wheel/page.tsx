import { Container } from "@mantine/core";
import type { Metadata } from "next";
import { WheelGame } from "@/components/wheel/WheelGame";
import { getServerCaller } from "@/server/api/server-caller";
import { wheelTexts } from "@/shared/wheel";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const config = await (await getServerCaller()).wheel.config();
  return { title: "Fortune Wheel", description: wheelTexts(config).description };
}

export default function WheelPage() {
  return (
    <Container size="lg" py="xl">
      <WheelGame />
    </Container>
  );
}
