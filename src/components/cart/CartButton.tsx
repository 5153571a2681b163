"use client";

import { IconShoppingCart } from "@tabler/icons-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useCurrentUser } from "../common/useCurrentUser";
import { useCart } from "../common/cartStore";
import { LightCount, LightIconButton } from "../common/LightButtons";

const loadDrawer = () => import("./CartDrawer");
// The drawer (checkout, money, the quantity stepper) is not first-load JS: it loads on the first
// open, and starts loading as soon as the pointer or focus reaches the button.
const CartDrawer = dynamic(loadDrawer, { ssr: false });

/** Header cart button with its item-count badge (docs/product.md §2 "Header"); opens the cart drawer. */
export function CartButton() {
  const { user } = useCurrentUser();
  const cart = useCart(user?.id);
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on, so the drawer animates closed and keeps its state.
  const [wanted, setWanted] = useState(false);
  const open = () => {
    setWanted(true);
    setOpened(true);
  };
  return (
    <>
      <LightCount label={<span data-testid="cart-count">{cart.items.length}</span>} hidden={cart.items.length === 0}>
        <LightIconButton
          variant="default"
          aria-label="Cart"
          onClick={open}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          data-testid="cart-button"
        >
          <IconShoppingCart size={20} />
        </LightIconButton>
      </LightCount>
      {wanted && <CartDrawer opened={opened} close={() => setOpened(false)} />}
    </>
  );
}
