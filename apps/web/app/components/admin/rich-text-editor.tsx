import {
  acceptAttribute,
  EDITOR_IMAGE_UPLOAD,
  IMAGE_ALT_MAX_LENGTH,
  isAllowedImageAddress,
  isAllowedLink,
  MEDIA_MESSAGES,
} from "@broadsheet/domain";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  LoaderCircle,
  type LucideIcon,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { ProseStylesheet } from "../prose-stylesheet";
import { useToast } from "../toaster";
import { uploadToMedia } from "./media-upload";

/*
 * The rich-text editor of the post and advert forms (Tiptap). docs/product.md#9-limits-and-constants editor defaults:
 * headings 1 to 3, undo history merging edits within 1000 ms and keeping 100 steps, links
 * limited to http, https, mailto and tel (the server sanitises the HTML again on write,
 * docs/product.md#11-security). The HTML is written into a hidden `content` input for the surrounding form.
 */

export const LINK_REFUSED = "Links must start with http://, https://, mailto: or tel:";
export const IMAGE_URL_REFUSED = "Image URL must start with http:// or https://";

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
        <Toolbar key={editor ? "ready" : "waiting"} editor={editor} />
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

interface ToolbarState {
  h1: boolean;
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  code: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

type Panel = "link" | "image" | null;

function Toolbar({ editor }: { editor: Editor | null }) {
  const [panel, setPanel] = useState<Panel>(null);
  const state = useEditorState<ToolbarState | null>({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            h1: current.isActive("heading", { level: 1 }),
            h2: current.isActive("heading", { level: 2 }),
            h3: current.isActive("heading", { level: 3 }),
            bold: current.isActive("bold"),
            italic: current.isActive("italic"),
            underline: current.isActive("underline"),
            strike: current.isActive("strike"),
            bulletList: current.isActive("bulletList"),
            orderedList: current.isActive("orderedList"),
            blockquote: current.isActive("blockquote"),
            code: current.isActive("code"),
            link: current.isActive("link"),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const disabled = !editor || !state;
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => {
    if (editor) command(editor.chain().focus()).run();
  };
  const toggle = (which: Panel) => setPanel((open) => (open === which ? null : which));

  return (
    <div className="border-b border-gray-200 bg-gray-50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 px-2 py-1.5">
        <ToolButton
          label="Heading 1"
          icon={Heading1}
          pressed={state?.h1}
          disabled={disabled}
          onClick={() => run((c) => c.toggleHeading({ level: 1 }))}
        />
        <ToolButton
          label="Heading 2"
          icon={Heading2}
          pressed={state?.h2}
          disabled={disabled}
          onClick={() => run((c) => c.toggleHeading({ level: 2 }))}
        />
        <ToolButton
          label="Heading 3"
          icon={Heading3}
          pressed={state?.h3}
          disabled={disabled}
          onClick={() => run((c) => c.toggleHeading({ level: 3 }))}
        />
        <Separator />
        <ToolButton
          label="Bold"
          icon={Bold}
          pressed={state?.bold}
          disabled={disabled}
          onClick={() => run((c) => c.toggleBold())}
        />
        <ToolButton
          label="Italic"
          icon={Italic}
          pressed={state?.italic}
          disabled={disabled}
          onClick={() => run((c) => c.toggleItalic())}
        />
        <ToolButton
          label="Underline"
          icon={Underline}
          pressed={state?.underline}
          disabled={disabled}
          onClick={() => run((c) => c.toggleUnderline())}
        />
        <ToolButton
          label="Strike"
          icon={Strikethrough}
          pressed={state?.strike}
          disabled={disabled}
          onClick={() => run((c) => c.toggleStrike())}
        />
        <Separator />
        <ToolButton
          label="Bullet list"
          icon={List}
          pressed={state?.bulletList}
          disabled={disabled}
          onClick={() => run((c) => c.toggleBulletList())}
        />
        <ToolButton
          label="Ordered list"
          icon={ListOrdered}
          pressed={state?.orderedList}
          disabled={disabled}
          onClick={() => run((c) => c.toggleOrderedList())}
        />
        <ToolButton
          label="Quote"
          icon={Quote}
          pressed={state?.blockquote}
          disabled={disabled}
          onClick={() => run((c) => c.toggleBlockquote())}
        />
        <ToolButton
          label="Code"
          icon={Code}
          pressed={state?.code}
          disabled={disabled}
          onClick={() => run((c) => c.toggleCode())}
        />
        <Separator />
        <ToolButton
          label="Link"
          icon={LinkIcon}
          pressed={Boolean(state?.link) || panel === "link"}
          disabled={disabled}
          onClick={() => toggle("link")}
        />
        <ToolButton
          label="Image"
          icon={ImagePlus}
          pressed={panel === "image"}
          disabled={disabled}
          onClick={() => toggle("image")}
        />
        <Separator />
        <ToolButton
          label="Undo"
          icon={Undo2}
          disabled={disabled || !state?.canUndo}
          onClick={() => run((c) => c.undo())}
        />
        <ToolButton
          label="Redo"
          icon={Redo2}
          disabled={disabled || !state?.canRedo}
          onClick={() => run((c) => c.redo())}
        />
      </div>
      {editor && panel === "link" ? <LinkPanel editor={editor} onClose={() => setPanel(null)} /> : null}
      {editor && panel === "image" ? <ImagePanel editor={editor} onClose={() => setPanel(null)} /> : null}
    </div>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-gray-300" />;
}

function ToolButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      // Keep the editor's selection: the command focuses the editor again itself.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-8 w-8 items-center justify-center rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
        pressed ? "bg-ink text-white" : "text-gray-700 hover:bg-gray-200 hover:text-ink"
      }`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
    </button>
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

const panelInputClass =
  "block w-72 max-w-full rounded-md border border-gray-300 px-2.5 py-1.5 text-sm focus:border-brand-600 focus:outline-none";
const panelButtonClass =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50 disabled:opacity-60";
const panelPrimaryClass =
  "rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-gray-800 disabled:opacity-60";

function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const toast = useToast();
  const id = useId();
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [url, setUrl] = useState(current);

  function apply() {
    const href = url.trim();
    if (!href) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      onClose();
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
      <div>
        <label htmlFor={id} className="block text-xs font-semibold text-gray-700">
          Link URL
        </label>
        <input
          id={id}
          type="text"
          inputMode="url"
          // biome-ignore lint/a11y/noAutofocus: the panel opens on request; typing the address is the next step.
          autoFocus
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://… , mailto:… or tel:…"
          className={`mt-1 ${panelInputClass}`}
        />
      </div>
      <button type="button" onClick={apply} className={panelPrimaryClass}>
        Apply link
      </button>
      {current ? (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onClose();
          }}
          className={panelButtonClass}
        >
          Remove link
        </button>
      ) : null}
      <button type="button" onClick={onClose} className={panelButtonClass}>
        Cancel
      </button>
    </PanelShell>
  );
}

function ImagePanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const toast = useToast();
  const urlId = useId();
  const altId = useId();
  const fileId = useId();
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [uploading, setUploading] = useState(false);

  function insert(src: string) {
    // After the selection, never over it (a just-inserted image stays selected).
    editor
      .chain()
      .focus()
      .insertContentAt(editor.state.selection.to, {
        type: "image",
        attrs: { src, alt: alt.trim() },
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
      <div>
        <label htmlFor={urlId} className="block text-xs font-semibold text-gray-700">
          Image URL
        </label>
        <input
          id={urlId}
          type="text"
          inputMode="url"
          // biome-ignore lint/a11y/noAutofocus: the panel opens on request; typing the address is the next step.
          autoFocus
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://…"
          className={`mt-1 ${panelInputClass}`}
        />
      </div>
      <div>
        <label htmlFor={altId} className="block text-xs font-semibold text-gray-700">
          Image description (alt text)
        </label>
        <input
          id={altId}
          type="text"
          value={alt}
          maxLength={IMAGE_ALT_MAX_LENGTH}
          onChange={(event) => setAlt(event.target.value)}
          placeholder="What the image shows"
          className={`mt-1 ${panelInputClass}`}
        />
      </div>
      <button type="button" onClick={insertUrl} className={panelPrimaryClass}>
        Insert image
      </button>
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
      <button type="button" onClick={onClose} className={panelButtonClass}>
        Cancel
      </button>
    </PanelShell>
  );
}
