import type { Metadata } from "next";
import { DreamCarCompetition } from "@/components/landing/DreamCarCompetition";

export const metadata: Metadata = {
  title: "Dream Car Competitions",
  description:
    "Enter premium dream car competitions from $1.49 a ticket. Monthly draws, with a cash alternative of up to 800,000 dollars instead of the prize.",
};

export default function DreamCarCompetitionPage() {
  return <DreamCarCompetition />;
}
