// The benchmark's ceiling: a bare node:http server answering each captured page with its
// bytes, doing nothing else. What Node itself can serve on this machine.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
const pages = JSON.parse(readFileSync(file, "utf8"));
const prepared = new Map(
  Object.entries(pages).map(([target, page]) => {
    const headers = { "content-type": page.type ?? "text/html" };
    if (page.encoding) headers["content-encoding"] = page.encoding;
    return [target, { status: page.status, headers, body: Buffer.from(page.body, "base64") }];
  }),
);

createServer((req, res) => {
  const page = prepared.get(req.url);
  if (!page) {
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  res.writeHead(page.status, { ...page.headers, "content-length": page.body.length }).end(page.body);
}).listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
