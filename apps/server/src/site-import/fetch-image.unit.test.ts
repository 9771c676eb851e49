import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageFetcher } from "./fetch-image";

/* The importer's image fetch: what an export's image addresses may and may not reach. */

const IMAGE = Buffer.from("not really a png, but bytes");
let server: Server;
let base = "";
let requests = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    if (request.url === "/image.png") response.writeHead(200, { "content-type": "image/png" }).end(IMAGE);
    else if (request.url === "/moved.png") response.writeHead(301, { location: "/image.png" }).end();
    else if (request.url === "/loop.png") response.writeHead(302, { location: "/loop.png" }).end();
    else if (request.url === "/big.png") response.writeHead(200).end(Buffer.alloc(4096));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const options = { timeoutMs: 5_000, maxBytes: 1024 };

describe("the importer's image fetch", () => {
  it("reaches no loopback, private or link-local address by default, by IP or by name", async () => {
    const fetchImage = createImageFetcher({ ...options, privateAddresses: false });
    const before = requests;
    expect(await fetchImage(`${base}/image.png`)).toBeNull();
    expect(await fetchImage(`${base.replace("127.0.0.1", "localhost")}/image.png`)).toBeNull();
    expect(await fetchImage("http://169.254.169.254/latest/meta-data/")).toBeNull();
    expect(await fetchImage("http://[::1]:9/x.png")).toBeNull();
    expect(requests).toBe(before);
  });

  it("fetches when private addresses are allowed, following redirects a few hops only", async () => {
    const fetchImage = createImageFetcher({ ...options, privateAddresses: true });
    expect(await fetchImage(`${base}/image.png`)).toEqual(IMAGE);
    expect(await fetchImage(`${base}/moved.png`)).toEqual(IMAGE);
    expect(await fetchImage(`${base}/loop.png`)).toBeNull();
  });

  it("gives up on a missing file, one over the size cap, and an address that is not http(s)", async () => {
    const fetchImage = createImageFetcher({ ...options, privateAddresses: true });
    expect(await fetchImage(`${base}/missing.png`)).toBeNull();
    expect(await fetchImage(`${base}/big.png`)).toBeNull();
    expect(await fetchImage("file:///etc/passwd")).toBeNull();
    expect(await fetchImage("not a url")).toBeNull();
  });
});
