"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { usePushOffer } from "@/components/common/pushOffer";

// The offer's card loads with the first offer (after a checkout or top-up request), not with every page.
const PushOffer = dynamic(() => import("./PushOffer"), { ssr: false });

/**
 * Registers the service worker (`/sw.js`, src/sw/sw.ts: the offline page, pushes; docs/push.md) once
 * the page has loaded, in production builds only (`next dev` builds no worker). Registering asks
 * nothing of the player: notification permission is asked only from the offer below or Account Settings.
 */
export function ServiceWorker() {
  const offer = usePushOffer();
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    };
    if (document.readyState === "complete") register();
    else {
      window.addEventListener("load", register, { once: true });
      return () => window.removeEventListener("load", register);
    }
  }, []);
  return offer ? <PushOffer reason={offer} /> : null;
}
