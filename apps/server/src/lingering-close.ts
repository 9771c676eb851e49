import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/*
 * A refused upload (413 with Connection: close) leaves the rest of its body unread. Node then
 * closes the socket as soon as the answer is written, and closing with unread bytes sends a
 * reset: a client still writing often loses the answer and sees "connection reset" instead of
 * the message. Like nginx's lingering close, the server instead ends its side after the
 * answer and reads and discards what still comes, for a bounded time and number of bytes.
 */

/** How long the server keeps discarding a refused body after answering. */
export const LINGER_MS = 2_000;
/** How much of a refused body it discards before it closes anyway. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;

/** Whether the request says it carries a body; only those can be refused part-read. */
export function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/** The latest request with a body on each socket whose closing is patched (keep-alive sockets carry many). */
const bodyRequestOn = new WeakMap<Socket, IncomingMessage>();

/** Makes the socket close gently, after a lingering read, if the answer ends it before `req`'s body was read. */
export function lingerOnUnreadBody(req: IncomingMessage): void {
  const socket = req.socket;
  const patched = bodyRequestOn.has(socket);
  bodyRequestOn.set(socket, req);
  if (patched) return;
  const closeAfterAnswer = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    const request = bodyRequestOn.get(socket);
    if (!request || request.complete) closeAfterAnswer();
    else discardThenClose(socket, request);
  };
}

function discardThenClose(socket: Socket, req: IncomingMessage): void {
  const stop = () => socket.destroy();
  const timer = setTimeout(stop, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // The client stopped sending once it read the answer.
  socket.once("end", stop);
  let discarded = 0;
  // Whoever read the body so far (the app's stream) lets go of it; the rest is counted and dropped.
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) stop();
  });
  req.resume();
  socket.end();
}
