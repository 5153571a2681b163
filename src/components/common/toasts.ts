import { notifications } from "@mantine/notifications";

/** A success toast (docs/product.md §8 titles). */
export function toastSuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "green" });
}

/** A destructive toast: the server's message, else the documented fallback. */
export function toastError(title: string, error: unknown, fallback: string) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  notifications.show({ title, message, color: "red" });
}

/** Closes a toast that no longer applies (an earlier step's error once the next step opened). */
export function dismissToasts() {
  notifications.clean();
}
