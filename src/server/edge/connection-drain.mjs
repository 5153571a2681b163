/**
 * The socket side of a graceful shutdown for src/server/edge/server.mjs (the steps: src/server/platform/shutdown.ts):
 * nothing that reached the process is cut.
 *
 * Node's own `server.close()` resets two kinds of connection a busy server still holds:
 *
 * - connections the kernel has accepted but Node has not yet taken (Node takes one per turn of the
 *   event loop): closing the listening socket resets them. Here the listener stays open until a turn
 *   of the loop takes no connection, so the kernel's queue is empty when it closes; what arrives
 *   after that is refused (ECONNREFUSED: a proxy sends it to another instance), never reset.
 * - connections Node has taken whose request it has not read yet (a busy loop reads late): Node
 *   counts them idle and closes them. Here a connection is closed only when it is idle for sure:
 *   it has answered a request, nothing has arrived on it since and it has been quiet for
 *   IDLE_QUIET_MS, or it has been silent since it was taken for NEW_CONNECTION_SILENCE_MS. The check
 *   runs right after the loop has read its sockets. The quiet spell matters behind a proxy that pools
 *   connections (deploy/nginx/nginx.conf): it reuses the one it used last, which gets its answer with
 *   `Connection: close`, while one closed just as the proxy sent a POST on it would be a 502.
 *
 * Requests in flight, and any that arrive on an open connection, are answered with `Connection:
 * close`; after `timeoutMs` whatever is left is cut and counted. Tests: tests/unit/connection-drain.test.ts
 * (a plain server with a blocked event loop), e2e/restart.spec.ts (the app under load).
 */
import net from "node:net";

/** How long a connection that has sent nothing since it was taken is kept while draining. */
export const NEW_CONNECTION_SILENCE_MS = 2_000;
/** How long a connection that has answered must then be quiet before the drain closes it. */
export const IDLE_QUIET_MS = 1_000;

/**
 * Follows every connection of `server` from now on; returns `drain(timeoutMs)`, which resolves with
 * `{ cut }` (requests cut by the time-out) once every connection has closed.
 */
export function drainableServer(server) {
  /** socket → what it has done: taken at, responses open, responses done, bytes read when it last fell idle. */
  const connections = new Map();
  /** Responses not yet closed: told `Connection: close` when the drain starts. */
  const responses = new Set();
  let draining = false;
  server.on("connection", (socket) => {
    connections.set(socket, { takenAt: Date.now(), open: 0, answered: 0, readWhenIdle: 0, idleSince: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  server.prependListener("request", (req, res) => {
    const state = connections.get(req.socket);
    if (draining) res.setHeader("connection", "close");
    responses.add(res);
    if (state) state.open += 1;
    res.once("close", () => {
      responses.delete(res);
      if (!state) return;
      state.open -= 1;
      state.answered += 1;
      state.readWhenIdle = req.socket.bytesRead;
      state.idleSince = Date.now();
    });
  });

  /** True when closing `socket` now can lose nothing: no request open, nothing read since its last answer, quiet a while. */
  function idleForSure(socket, state, now) {
    if (state.open > 0) return false;
    if (state.answered > 0) return socket.bytesRead === state.readWhenIdle && now - state.idleSince >= IDLE_QUIET_MS;
    return socket.bytesRead === 0 && now - state.takenAt >= NEW_CONNECTION_SILENCE_MS;
  }

  /**
   * Closes the listener once a turn of the event loop has taken no connection (the kernel's queue
   * is empty), at the latest after `limitMs` of taking them.
   */
  function closeListenerWhenQueueEmpty(limitMs, onClosed) {
    let taken = 0;
    const onConnection = () => {
      taken += 1;
    };
    server.on("connection", onConnection);
    const until = Date.now() + limitMs;
    let turns = 0;
    // setImmediate runs right after the loop's poll phase, where Node takes a queued connection.
    const check = () => {
      if ((turns > 0 && taken === 0) || Date.now() > until) {
        server.off("connection", onConnection);
        net.Server.prototype.close.call(server, onClosed);
        return;
      }
      taken = 0;
      turns += 1;
      setImmediate(check);
    };
    setImmediate(check);
  }

  return function drain(timeoutMs) {
    return new Promise((resolve) => {
      draining = true;
      for (const res of responses) if (!res.headersSent) res.setHeader("connection", "close");
      let finished = false;
      const finish = (cut) => {
        if (finished) return;
        finished = true;
        clearInterval(sweeper);
        clearTimeout(cutAfter);
        resolve({ cut });
      };
      closeListenerWhenQueueEmpty(timeoutMs / 2, () => finish(0));
      // Checked just after a poll phase (setImmediate), so what had arrived is read and counted.
      const sweep = () =>
        setImmediate(() => {
          const now = Date.now();
          for (const [socket, state] of connections) if (idleForSure(socket, state, now)) socket.destroy();
        });
      const sweeper = setInterval(sweep, 100);
      sweep();
      const cutAfter = setTimeout(() => {
        let cut = 0;
        for (const state of connections.values()) cut += state.open;
        for (const socket of connections.keys()) socket.destroy();
        if (server.listening) net.Server.prototype.close.call(server);
        finish(cut);
      }, timeoutMs);
    });
  };
}
