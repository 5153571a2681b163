"use client";

/** Header cart button with item-count badge and drawer. Owned by the contests/cart issue. */
export function CartButton() {
  return null;
}
