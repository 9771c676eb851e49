import {
  categoriesApi,
  DELIVERY_LIMITS,
  type DeliverySettings,
  DeliverySettingsSchema,
  NEWSLETTER_MESSAGES,
  type NewsletterJson,
  newslettersApi,
  type SendJson,
  sendsApi,
} from "@broadsheet/domain";
import { Archive, Mail, Pencil, Plus, Save } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../../components/admin/admin-page-header";
import { DeleteAction } from "../../../components/admin/delete-action";
import { checkNewsletter, NewsletterForm } from "../../../components/admin/newsletters/newsletter-form";
import { loadSends, SendCard, useLiveSends } from "../../../components/admin/newsletters/send-progress";
import { Button, CheckedForm, type Column, DataTable, Field, RowActions } from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../../lib/api.server";
import { apiAction, fail, refuse } from "../../../lib/forms/answer.server";
import { check } from "../../../lib/forms/check";
import { formText } from "../../../lib/forms/form-data";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import { useFormCheck } from "../../../lib/forms/use-form-check";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { useSite } from "../../../lib/site";
import type { Route } from "./+types/newsletters";

/*
 * Admin → Newsletters (docs/product/newsletters.md): the newsletters with their subscriber
 * counts, add and change one (?edit={id}), archive; how mail goes out (admins); the recent sends
 * with their live progress, paused, resumed or cancelled here. Every form works without scripts.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Newsletters");

export async function loader({ context, request }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit") ?? "";
  const [newsletters, categories, settings, sends] = await Promise.all([
    callApi(context, newslettersApi.list),
    callApi(context, categoriesApi.list),
    callApi(context, newslettersApi.getDeliverySettings),
    callApi(context, sendsApi.list, { query: {} }),
  ]);
  if (!newsletters.ok) throw data(errorMessage(newsletters), { status: newsletters.status });
  if (!categories.ok) throw data(errorMessage(categories), { status: categories.status });
  return {
    // Staff get every field.
    newsletters: newsletters.data.items as NewsletterJson[],
    categories: categories.data.map(({ _id, name }) => ({ _id, name })),
    editId,
    /** Admins only: null for an editor. */
    settings: settings.ok ? settings.data : null,
    sends: sends.ok ? sends.data.items : [],
  };
}

function settingsBody(form: FormData): Record<string, unknown> {
  return {
    batchSize: Number(formText(form, "batchSize")),
    messagesPerSecond: Number(formText(form, "messagesPerSecond")),
    connections: Number(formText(form, "connections")),
    tracking: form.get("tracking") === "on",
  };
}

function checkSettings(form: FormData) {
  return check<DeliverySettings>(DeliverySettingsSchema, settingsBody(form), "Check the delivery settings");
}

export async function action({ context, request }: Route.ActionArgs) {
  return runAction(context, await request.formData());
}

/** One form's intent: a newsletter, the delivery settings, or a send's control. */
async function runAction(context: Route.ActionArgs["context"], form: FormData) {
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  switch (intent) {
    case "create":
    case "update": {
      const checked = checkNewsletter(form);
      if (!checked.ok) return refuse(checked, { intent });
      const body = checked.value;
      if (intent === "create") {
        return apiAction(
          context,
          intent,
          newslettersApi.create,
          { body, ...idempotencyHeaders(form) },
          { success: `Newsletter ${body.name} added` },
        );
      }
      const success = `Newsletter ${body.name} saved`;
      return apiAction(context, intent, newslettersApi.update, { params: { id }, body }, { success });
    }
    case "archive":
      return apiAction(context, intent, newslettersApi.archive, { params: { id } });
    case "settings": {
      const checked = checkSettings(form);
      if (!checked.ok) return refuse(checked, { intent });
      const success = NEWSLETTER_MESSAGES.settingsSaved;
      return apiAction(context, intent, newslettersApi.updateDeliverySettings, { body: checked.value }, { success });
    }
    case "pause":
      return apiAction(context, intent, sendsApi.pause, { params: { id } }, { success: "Send paused" });
    case "resume":
      return apiAction(context, intent, sendsApi.resume, { params: { id } }, { success: "Send resumed" });
    case "cancel":
      return apiAction(context, intent, sendsApi.cancel, { params: { id } }, { success: "Send cancelled" });
    default:
      return fail({ intent, message: "Unknown action" });
  }
}

/** The delivery settings' numbers, each bounded by DELIVERY_LIMITS. */
const DELIVERY_NUMBERS = [
  {
    name: "batchSize",
    id: "delivery-batch-size",
    label: "Batch size",
    hint: "Recipients per job of a send; a crash or restart repeats no finished mail.",
  },
  {
    name: "messagesPerSecond",
    id: "delivery-rate",
    label: "Messages per second",
    hint: "The most your mail provider accepts; new provider accounts often allow 10 or fewer.",
  },
  { name: "connections", id: "delivery-connections", label: "Connections", hint: "SMTP connections open at once." },
] as const;

function DeliveryForm({ settings, busy, result }: { settings: DeliverySettings; busy: boolean; result: unknown }) {
  const form = useFormCheck(checkSettings, (result as Parameters<typeof useFormCheck>[1]) ?? null);
  return (
    <CheckedForm check={form} errorId="delivery-error" className="space-y-4">
      <input type="hidden" name="intent" value="settings" />
      {DELIVERY_NUMBERS.map(({ name, id, label, hint }) => (
        <Field
          key={name}
          kind="number"
          id={id}
          name={name}
          label={label}
          min={DELIVERY_LIMITS[name].min}
          max={DELIVERY_LIMITS[name].max}
          defaultValue={settings[name]}
          invalid={form.invalid(name)}
          hint={hint}
        />
      ))}
      <Field
        kind="checkbox"
        id="delivery-tracking"
        name="tracking"
        label="Tracking"
        defaultChecked={settings.tracking}
        hint="On: mails carry a tracking image and their links go through this site, to count clicks per link and estimate opens (images blocked or fetched by privacy proxies make opens an estimate). Off (the default): no tracking at all."
      />
      <Button type="submit" busy={busy} icon={Save} className="w-full">
        Save delivery settings
      </Button>
    </CheckedForm>
  );
}

function SendsList({ initial, timeZone }: { initial: SendJson[]; timeZone: string }) {
  const sends = useLiveSends(initial, loadSends);
  if (sends.length === 0) {
    return <p className="text-sm text-gray-600">No sends yet: send a story from the editor with “Publish and send”.</p>;
  }
  return (
    <ul className="space-y-3">
      {sends.map((send) => (
        <SendCard key={send.id} send={send} timeZone={timeZone} />
      ))}
    </ul>
  );
}

export default function NewslettersScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { newsletters, categories, editId, settings, sends } = loaderData;
  const timeZone = useSite()?.timeZone ?? "UTC";
  const navigation = useNavigation();
  useResultToast(actionData);
  const busyWith = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData : null);
  const editing = newsletters.find((newsletter) => newsletter._id === editId);

  const columns: Column<NewsletterJson>[] = [
    {
      header: "Name",
      cell: (newsletter) => (
        <div>
          <p className="font-medium text-ink">
            {newsletter.name}
            {newsletter.isDefault ? <span className="ml-2 text-xs font-semibold text-brand-700">Default</span> : null}
            {newsletter.archived ? <span className="ml-2 text-xs font-semibold text-gray-600">Archived</span> : null}
          </p>
          <p className="text-xs text-gray-600">{newsletter.slug}</p>
        </div>
      ),
    },
    { header: "Category", cell: (newsletter) => newsletter.category || "All stories" },
    {
      header: "Subscribers",
      cell: (newsletter) => newsletter.subscribers,
      className: "w-28 text-right tabular-nums",
    },
    {
      header: "Actions",
      hideHeader: true,
      className: "w-56",
      cell: (newsletter) => (
        <RowActions>
          <Link
            to={`?edit=${newsletter._id}#newsletter-form`}
            aria-label={`Edit newsletter ${newsletter.name}`}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-gray-100"
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </Link>
          {newsletter.isDefault || newsletter.archived ? null : (
            <DeleteAction
              verb="Archive"
              icon={Archive}
              question="Archive this newsletter?"
              detail={<>“{newsletter.name}” takes no new subscribers and no sends; its subscribers and sends stay.</>}
              label={`Archive newsletter ${newsletter.name}`}
              fields={{ intent: "archive", id: newsletter._id }}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Newsletters"
        description="What readers subscribe to, and every story sent to them by e-mail."
        actions={
          <Link to="/admin/subscribers" className="text-sm font-semibold text-brand-700 hover:underline">
            Subscribers
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[24rem_1fr]">
        <div className="space-y-6">
          <AdminPanel
            id="newsletter-form"
            title={editing ? `Edit ${editing.name}` : "Add newsletter"}
            actions={
              editing ? (
                <Link to="/admin/newsletters" className="text-sm font-semibold text-brand-700 hover:underline">
                  Cancel
                </Link>
              ) : null
            }
          >
            <NewsletterForm
              key={editing?._id ?? "new"}
              newsletter={editing}
              categories={categories}
              intent={editing ? "update" : "create"}
              submit={editing ? "Save newsletter" : "Add newsletter"}
              icon={editing ? Save : Plus}
              busy={busyWith(editing ? "update" : "create")}
              result={resultOf(editing ? "update" : "create")}
            />
          </AdminPanel>
          {settings ? (
            <AdminPanel
              id="delivery"
              title="Delivery"
              description="How mail goes out, for every newsletter. Defaults a small mail provider account accepts."
            >
              <DeliveryForm settings={settings} busy={busyWith("settings")} result={resultOf("settings")} />
            </AdminPanel>
          ) : null}
        </div>
        <div className="space-y-6">
          <AdminPanel
            id="newsletter-list"
            title="All newsletters"
            description={`${newsletters.length} ${newsletters.length === 1 ? "newsletter" : "newsletters"}; subscribers counts confirmed addresses only`}
          >
            <DataTable
              caption="Newsletters"
              columns={columns}
              rows={newsletters}
              rowKey={(newsletter) => newsletter._id}
              empty="No newsletters"
              emptyIcon={<Mail className="h-8 w-8 text-gray-400" />}
            />
          </AdminPanel>
          <AdminPanel id="sends" title="Sends" description="The 50 newest, live while one is going.">
            <SendsList initial={sends} timeZone={timeZone} />
          </AdminPanel>
        </div>
      </div>
    </>
  );
}
