import { useEffect, useState } from "react";
import { useActionData } from "react-router";

const newKey = () => crypto.randomUUID();

/**
 * One key per form instance (decision 076): a second submit of the same form (Enter, then a
 * click on Publish) carries the same key, so the server creates once; a success starts a new one.
 */
export function IdempotencyKeyField({ result: fetched }: { result?: { ok?: boolean } } = {}) {
  // A form sent with a fetcher passes its answer; a page form's is the route's action data.
  const actionData = useActionData<{ ok?: boolean } | undefined>();
  const result = fetched ?? actionData;
  // Made in the browser, never in the HTML: a cached page would hand every visit the same key.
  const [key, setKey] = useState("");
  useEffect(() => setKey(newKey()), []);
  useEffect(() => {
    if (result?.ok) setKey(newKey());
  }, [result]);
  return <input type="hidden" name="idempotencyKey" value={key} />;
}
