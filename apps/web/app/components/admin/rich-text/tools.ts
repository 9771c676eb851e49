import type { ChainedCommands, Editor } from "@tiptap/react";
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  SquarePlay,
  Strikethrough,
  Underline,
  Undo2,
} from "lucide-react";

/** The panels a tool opens under the toolbar, where the address of a link, an image or an embed is typed. */
export type EditorPanel = "link" | "image" | "embed";

/** One button of the rich-text toolbar. */
export interface EditorTool {
  /** Its accessible name and tooltip. */
  label: string;
  icon: LucideIcon;
  /** What a click does: run a command on the focused editor, or open (and close) a panel. */
  click: { command: (chain: ChainedCommands) => ChainedCommands } | { panel: EditorPanel };
  /** Whether the selection has what the tool toggles (aria-pressed); without it, a plain button. */
  isActive?: (editor: Editor) => boolean;
  /** Whether the tool can run now: undo and redo need history. */
  canRun?: (editor: Editor) => boolean;
}

/** A mark or node the selection has or not, toggled by `command`. */
function toggleTool(
  label: string,
  icon: LucideIcon,
  name: string,
  command: (chain: ChainedCommands) => ChainedCommands,
  attributes?: Record<string, unknown>,
): EditorTool {
  return { label, icon, click: { command }, isActive: (editor) => editor.isActive(name, attributes) };
}

const heading = (level: 1 | 2 | 3, icon: LucideIcon) =>
  toggleTool(`Heading ${level}`, icon, "heading", (chain) => chain.toggleHeading({ level }), { level });

/** The toolbar, group by group (a separator between groups), in the order the buttons show. */
export const TOOL_GROUPS: readonly (readonly EditorTool[])[] = [
  [heading(1, Heading1), heading(2, Heading2), heading(3, Heading3)],
  [
    toggleTool("Bold", Bold, "bold", (chain) => chain.toggleBold()),
    toggleTool("Italic", Italic, "italic", (chain) => chain.toggleItalic()),
    toggleTool("Underline", Underline, "underline", (chain) => chain.toggleUnderline()),
    toggleTool("Strike", Strikethrough, "strike", (chain) => chain.toggleStrike()),
  ],
  [
    toggleTool("Bullet list", List, "bulletList", (chain) => chain.toggleBulletList()),
    toggleTool("Ordered list", ListOrdered, "orderedList", (chain) => chain.toggleOrderedList()),
    toggleTool("Quote", Quote, "blockquote", (chain) => chain.toggleBlockquote()),
    toggleTool("Code", Code, "code", (chain) => chain.toggleCode()),
  ],
  [
    { label: "Link", icon: Link, click: { panel: "link" }, isActive: (editor) => editor.isActive("link") },
    { label: "Image", icon: ImagePlus, click: { panel: "image" } },
    { label: "Embed", icon: SquarePlay, click: { panel: "embed" } },
  ],
  [
    {
      label: "Undo",
      icon: Undo2,
      click: { command: (chain) => chain.undo() },
      canRun: (editor) => editor.can().undo(),
    },
    {
      label: "Redo",
      icon: Redo2,
      click: { command: (chain) => chain.redo() },
      canRun: (editor) => editor.can().redo(),
    },
  ],
];

export const TOOLS: readonly EditorTool[] = TOOL_GROUPS.flat();
