import {
  acceptAttribute,
  EDITOR_IMAGE_UPLOAD,
  EMBED_PROVIDERS,
  findEmbed,
  IMAGE_ALT_MAX_LENGTH,
  isAllowedImageAddress,
  isAllowedLink,
  MEDIA_MESSAGES,
} from "@broadsheet/domain";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { ProseStylesheet } from "../prose-stylesheet";
import { useToast } from "../toaster";
import { MediaLibraryPicker } from "./media-library-picker";
import { uploadToMedia } from "./media-upload";
import { EmbedNode } from "./rich-text/embed-node";
import { Toolbar } from "./rich-text/toolbar";
import type { EditorPanel } from "./rich-text/tools";

/*
 * The rich-text editor of the post and advert forms (Tiptap). docs/product.md#9-limits-and-constants editor defaults:
 * headings 1 to 3, undo history merging edits within 1000 ms and keeping 100 steps, links
 * limited to http, https, mailto and tel (the server sanitises the HTML again on write,
 * docs/product.md#11-security). The HTML is written into a hidden `content` input for the surrounding form.
 */

export const LINK_REFUSED = "Links must start with http://, https://, mailto: or tel:";
export const IMAGE_URL_REFUSED = "Image URL must start with http:// or https://";
export const EMBED_URL_REFUSED = `Embeds come from ${EMBED_PROVIDERS.map((provider) => provider.name).join(", ")}: paste the address of a post, video or track there`;

function editorHtml(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

/** Loaded on demand through RichTextField, which sets the defaults. */
export function RichTextEditor({
  name,
  label,
  initialContent,
  placeholder,
}: {
  name: string;
  label: string;
  initialContent: string;
  placeholder: string;
}) {
  const labelId = useId();
  const [html, setHtml] = useState(initialContent);
  const editor = useEditor({
    immediatelyRender: false,
    content: initialContent,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 1000 },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["mailto", "tel"],
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      EmbedNode,
    ],
    editorProps: {
      attributes: {
        "aria-labelledby": labelId,
        "aria-multiline": "true",
        role: "textbox",
        class:
          "prose max-w-none min-h-72 px-4 py-3 focus:outline-none prose-headings:font-serif prose-a:text-brand-700 prose-img:rounded-lg",
      },
    },
    onUpdate: ({ editor: current }) => setHtml(editorHtml(current)),
  });

  return (
    <div>
      <ProseStylesheet />
      <span id={labelId} className="block text-sm font-semibold text-gray-800">
        {label}
      </span>
      <div className="mt-1.5 overflow-hidden rounded-lg border border-gray-300 bg-white shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/15">
        {/* Remounted once the editor exists: the toolbar state then starts from the live editor. */}
        <Toolbar key={editor ? "ready" : "waiting"} editor={editor} renderPanel={renderPanel} />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          // Before hydration (and without JavaScript) the saved HTML is shown read-only.
          <div
            className="prose min-h-72 max-w-none px-4 py-3 text-gray-500"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: content HTML was sanitised by the server on write (docs/product.md#11-security).
            dangerouslySetInnerHTML={{ __html: initialContent || `<p>${placeholder}</p>` }}
          />
        )}
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

/** The panel a toolbar tool opened. */
function renderPanel(panel: EditorPanel, editor: Editor, close: () => void): ReactNode {
  if (panel === "embed") return <EmbedPanel editor={editor} onClose={close} />;
  return panel === "link" ? (
    <LinkPanel editor={editor} onClose={close} />
  ) : (
    <ImagePanel editor={editor} onClose={close} />
  );
}

/** The Embed tool's panel: a provider's address becomes its placeholder after the selection. */
function EmbedPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const toast = useToast();
  const [url, setUrl] = useState("");

  function insert() {
    if (!findEmbed(url)) {
      toast.error(EMBED_URL_REFUSED);
      return;
    }
    editor.chain().focus().insertEmbed(url.trim()).run();
    onClose();
  }

  return (
    <PanelShell label="Embed" onSubmit={insert} onClose={onClose}>
      <PanelInput
        label="Embed URL"
        value={url}
        onChange={setUrl}
        placeholder="https://www.youtube.com/watch?v=…"
        address
      />
      <PanelButton primary onClick={insert}>
        Insert embed
      </PanelButton>
      <PanelButton onClick={onClose}>Cancel</PanelButton>
    </PanelShell>
  );
}

/** A small inline panel under the toolbar (a form inside a form is not allowed: a div with Enter handling). */
function PanelShell({
  label,
  children,
  onSubmit,
  onClose,
}: {
  label: string;
  children: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key === "Enter" && (event.target as HTMLElement).tagName === "INPUT") {
      event.preventDefault();
      onSubmit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <fieldset
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-end gap-2 border-t border-gray-200 bg-white px-3 py-2.5"
    >
      <legend className="sr-only">{label}</legend>
      {children}
    </fieldset>
  );
}

const panelButtonClass =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50 disabled:opacity-60";
const panelPrimaryClass =
  "rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-gray-800 disabled:opacity-60";

/** A labelled text input of a panel; an address field (`address`) takes the focus as the panel opens. */
function PanelInput({
  label,
  value,
  onChange,
  placeholder,
  address = false,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  address?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-gray-700">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={address ? "url" : undefined}
        // biome-ignore lint/a11y/noAutofocus: the panel opens on request; typing the address is the next step.
        autoFocus={address}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="mt-1 block w-72 max-w-full rounded-md border border-gray-300 px-2.5 py-1.5 text-sm focus:border-brand-600 focus:outline-none"
      />
    </div>
  );
}

function PanelButton({
  primary = false,
  onClick,
  children,
}: {
  primary?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} className={primary ? panelPrimaryClass : panelButtonClass}>
      {children}
    </button>
  );
}

function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const toast = useToast();
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [url, setUrl] = useState(current);

  function removeLink() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  function apply() {
    const href = url.trim();
    if (!href) {
      removeLink();
      return;
    }
    if (!isAllowedLink(href)) {
      toast.error(LINK_REFUSED);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: the address becomes the link text.
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  }

  return (
    <PanelShell label="Link" onSubmit={apply} onClose={onClose}>
      <PanelInput label="Link URL" value={url} onChange={setUrl} placeholder="https://… , mailto:… or tel:…" address />
      <PanelButton primary onClick={apply}>
        Apply link
      </PanelButton>
      {current ? <PanelButton onClick={removeLink}>Remove link</PanelButton> : null}
      <PanelButton onClick={onClose}>Cancel</PanelButton>
    </PanelShell>
  );
}

function ImagePanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const toast = useToast();
  const fileId = useId();
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [uploading, setUploading] = useState(false);

  function insert(src: string, description = alt.trim()) {
    // After the selection, never over it (a just-inserted image stays selected).
    editor
      .chain()
      .focus()
      .insertContentAt(editor.state.selection.to, {
        type: "image",
        attrs: { src, alt: description },
      })
      .run();
    onClose();
  }

  function insertUrl() {
    const src = url.trim();
    if (!isAllowedImageAddress(src)) {
      toast.error(IMAGE_URL_REFUSED);
      return;
    }
    insert(src);
  }

  async function onFile(event: FormEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    setUploading(true);
    const result = await uploadToMedia(file);
    setUploading(false);
    if (!result.ok) {
      toast.error(result.message || MEDIA_MESSAGES.malformedUpload);
      return;
    }
    toast.success("Image uploaded successfully");
    insert(result.url);
  }

  return (
    <PanelShell label="Image" onSubmit={insertUrl} onClose={onClose}>
      <PanelInput label="Image URL" value={url} onChange={setUrl} placeholder="https://…" address />
      <PanelInput
        label="Image description (alt text)"
        value={alt}
        onChange={setAlt}
        placeholder="What the image shows"
        maxLength={IMAGE_ALT_MAX_LENGTH}
      />
      <PanelButton primary onClick={insertUrl}>
        Insert image
      </PanelButton>
      <span className="px-1 py-1.5 text-sm text-gray-500">or</span>
      <label
        htmlFor={fileId}
        className={`${panelButtonClass} inline-flex cursor-pointer items-center gap-1.5 focus-within:outline-2 focus-within:outline-brand-600`}
      >
        {uploading ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
        {uploading ? "Uploading…" : "Upload an image"}
        <input
          id={fileId}
          type="file"
          accept={acceptAttribute(EDITOR_IMAGE_UPLOAD)}
          disabled={uploading}
          onChange={onFile}
          className="sr-only"
        />
      </label>
      {/* The library's alt text unless a description was typed; the editor's images have no caption. */}
      <MediaLibraryPicker size="sm" onPick={(image) => insert(image.url, alt.trim() || image.alt)} />
      <PanelButton onClick={onClose}>Cancel</PanelButton>
    </PanelShell>
  );
}
