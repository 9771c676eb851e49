import { lazy, Suspense } from "react";
import { ProseStylesheet } from "../prose-stylesheet";

/*
 * The editor (Tiptap and ProseMirror) is loaded by the first form that shows it: a server
 * worker that renders only reader pages never loads it (issue 16, memory), and the browser
 * fetches it with the staff page that needs it.
 */
const RichTextEditor = lazy(async () => ({ default: (await import("./rich-text-editor")).RichTextEditor }));

interface RichTextFieldProps {
  name: string;
  label: string;
  initialContent: string;
  placeholder: string;
}

/** The content field of the post and advert forms: the rich-text editor once loaded. */
export function RichTextField({
  name = "content",
  label = "Content",
  initialContent = "",
  placeholder = "Write the story…",
}: Partial<RichTextFieldProps>) {
  const props = { name, label, initialContent, placeholder };
  return (
    <Suspense fallback={<SavedContent {...props} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** While the editor loads: the saved HTML, read-only, and still submitted with the form. */
function SavedContent({ name, label, initialContent, placeholder }: RichTextFieldProps) {
  return (
    <div>
      <ProseStylesheet />
      <span className="block text-sm font-semibold text-gray-800">{label}</span>
      <div
        aria-busy="true"
        className="prose mt-1.5 min-h-72 max-w-none rounded-lg border border-gray-300 bg-white px-4 py-3 text-gray-500"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: content HTML was sanitised by the server on write (docs/product.md#11-security).
        dangerouslySetInnerHTML={{ __html: initialContent || `<p>${placeholder}</p>` }}
      />
      <input type="hidden" name={name} value={initialContent} />
    </div>
  );
}
