import type { PublicNewsletterJson } from "@broadsheet/domain";
import { Save } from "lucide-react";
import { Form } from "react-router";
import { Button, FormMessage } from "../ui";

export type NewsletterChoice = PublicNewsletterJson & { subscribed: boolean };

/**
 * The profile's Newsletters: a checkbox per active newsletter and Save (intent "newsletters").
 * The account's address gets exactly the ticked ones, at once (docs/product/subscribers.md).
 */
export function NewsletterChoices({
  newsletters,
  busy,
  message,
}: {
  newsletters: readonly NewsletterChoice[];
  busy: boolean;
  /** The answer to a save posted without scripts (with them, it is toasted). */
  message?: { ok: boolean; text: string };
}) {
  return (
    <section
      id="newsletters"
      aria-labelledby="newsletters-heading"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs sm:p-8"
    >
      <h2 id="newsletters-heading" className="font-serif text-xl font-bold text-ink">
        Newsletters
      </h2>
      <p className="mt-1 text-sm text-gray-600">Our stories by e-mail, to your account's address.</p>
      {/* Keyed by what is saved: after a save the boxes show the saved choices. */}
      <Form
        method="post"
        className="mt-5 space-y-5"
        key={newsletters.map((item) => (item.subscribed ? item.slug : "")).join(",")}
      >
        <input type="hidden" name="intent" value="newsletters" />
        {message ? <FormMessage kind={message.ok ? "success" : "error"}>{message.text}</FormMessage> : null}
        {newsletters.length === 0 ? (
          <p className="text-gray-700">There is no newsletter to subscribe to yet.</p>
        ) : (
          <NewsletterCheckboxes newsletters={newsletters} />
        )}
        <div className="flex justify-end border-t border-gray-200 pt-5">
          <Button type="submit" busy={busy} icon={Save}>
            Save newsletters
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** A checkbox per newsletter (`newsletters` = its slug), ticked when the address gets it: the profile and the manage page. */
export function NewsletterCheckboxes({ newsletters }: { newsletters: readonly NewsletterChoice[] }) {
  return (
    <ul className="space-y-3">
      {newsletters.map((newsletter) => (
        <li key={newsletter.slug}>
          <label className="flex gap-3">
            <input
              type="checkbox"
              name="newsletters"
              value={newsletter.slug}
              defaultChecked={newsletter.subscribed}
              className="mt-1 h-4 w-4"
            />
            <span>
              <span className="block font-semibold text-ink">{newsletter.name}</span>
              {newsletter.description ? (
                <span className="block text-sm text-gray-600">{newsletter.description}</span>
              ) : null}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
