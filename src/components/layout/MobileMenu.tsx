"use client";

import { Burger } from "@mantine/core";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { PublicUser } from "@/trpc/types";
import tap from "../common/TapTarget.module.css";

// The drawer (modal, focus trap, transitions) is fetched on the first tap, not on every page load.
const MobileMenuDrawer = dynamic(() => import("./MobileMenuDrawer"), { ssr: false });

/** Burger button and the slide-out menu for narrow screens (docs/product.md §2, Header). */
export function MobileMenu({ user }: { user: PublicUser | null }) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          setLoaded(true);
          setOpened((o) => !o);
        }}
        hiddenFrom="md"
        size="sm"
        className={tap.target}
        aria-label={opened ? "Close navigation menu" : "Open navigation menu"}
        aria-expanded={opened}
      />
      {loaded && <MobileMenuDrawer user={user} opened={opened} close={() => setOpened(false)} />}
    </>
  );
}
