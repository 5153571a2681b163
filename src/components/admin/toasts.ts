import { notifications } from "@mantine/notifications";

/** docs/product.md §8: success toasts (default) and failures (destructive, server message else fallback). */
export function toastSuccess(title: string, message: string) {
  notifications.show({ title, message, color: "green" });
}

export function toastFailure(title: string, error: unknown, fallback: string) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  notifications.show({ title, message, color: "red" });
}
