import type { Metadata } from "next";
import { DreamCar } from "@/components/landing/DreamCar";

export const metadata: Metadata = {
  title: "Win Your Dream Car",
  description:
    "Win luxury sports cars, premium SUVs, electric vehicles and classics worth $50,000 and above. Tickets from $1.79, monthly draws.",
};

export default function DreamCarPage() {
  return <DreamCar />;
}
