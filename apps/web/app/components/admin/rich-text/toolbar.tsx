import { type Editor, useEditorState } from "@tiptap/react";
import { Fragment, type ReactNode, useState } from "react";
import { type EditorPanel, type EditorTool, TOOL_GROUPS, TOOLS } from "./tools";

/** What the toolbar shows of each tool, by label: read from the editor on every change. */
type ToolStates = Record<string, { active: boolean; enabled: boolean }>;

function toolStates(editor: Editor): ToolStates {
  return Object.fromEntries(
    TOOLS.map((tool) => [
      tool.label,
      { active: tool.isActive?.(editor) ?? false, enabled: tool.canRun?.(editor) ?? true },
    ]),
  );
}

/**
 * The formatting toolbar: TOOL_GROUPS as buttons, and under them the panel a tool opened,
 * drawn by `renderPanel`. Before the editor exists every button is disabled.
 */
export function Toolbar({
  editor,
  renderPanel,
}: {
  editor: Editor | null;
  renderPanel: (panel: EditorPanel, editor: Editor, close: () => void) => ReactNode;
}) {
  const [panel, setPanel] = useState<EditorPanel | null>(null);
  const states = useEditorState<ToolStates | null>({
    editor,
    selector: ({ editor: current }) => (current ? toolStates(current) : null),
  });
  const ready = editor !== null && states !== null;

  const onClick = (tool: EditorTool) => {
    if ("panel" in tool.click) {
      const which = tool.click.panel;
      setPanel((open) => (open === which ? null : which));
    } else if (editor) {
      tool.click.command(editor.chain().focus()).run();
    }
  };

  // A panel tool shows pressed while its panel is open; a toggle only once the editor can tell.
  const pressed = (tool: EditorTool): boolean | undefined => {
    const active = states?.[tool.label]?.active;
    if ("panel" in tool.click) return Boolean(active) || panel === tool.click.panel;
    return tool.isActive ? active : undefined;
  };

  return (
    <div className="border-b border-gray-200 bg-gray-50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 px-2 py-1.5">
        {TOOL_GROUPS.map((group, index) => (
          <Fragment key={group[0]?.label}>
            {index > 0 ? <Separator /> : null}
            {group.map((tool) => (
              <ToolButton
                key={tool.label}
                tool={tool}
                pressed={pressed(tool)}
                disabled={!ready || states[tool.label]?.enabled === false}
                onClick={() => onClick(tool)}
              />
            ))}
          </Fragment>
        ))}
      </div>
      {editor && panel ? renderPanel(panel, editor, () => setPanel(null)) : null}
    </div>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-gray-300" />;
}

function ToolButton({
  tool: { label, icon: Icon },
  pressed,
  disabled,
  onClick,
}: {
  tool: EditorTool;
  pressed: boolean | undefined;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
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
