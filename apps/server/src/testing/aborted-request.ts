import http from "node:http";
import net from "node:net";

/**
 * A real request whose client goes away halfway through its body, against `listener`
 * (by default one that reads the body): resolves once the server side has seen the abort.
 */
export async function abortHalfwayThrough(listener: http.RequestListener): Promise<void> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  const closed = new Promise<void>((resolve) => server.on("request", (request) => request.on("close", resolve)));
  const socket = net.connect(address.port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.write(
    'POST /api/thing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
  );
  // Once the server holds the request, the client gives up before the rest of the body.
  await new Promise<void>((resolve) => server.once("request", () => resolve()));
  socket.destroy();
  await closed;
  await new Promise((resolve) => server.close(resolve));
}

/** The error Node gives a server reading the body of a request its client aborted. */
export async function abortedRequestError(): Promise<unknown> {
  let seen: unknown;
  await abortHalfwayThrough((request) => {
    request.on("error", (error) => {
      seen = error;
    });
    request.resume();
  });
  return seen;
}
