import { EMBED_CLASSES, embedLoadLabel, findEmbed } from "@broadsheet/domain";
import { Node } from "@tiptap/core";
import type { DOMOutputSpec } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";

/*
 * An embed in the editor (decision 077): a block the editor shows as the placeholder readers get
 * (title, provider, still), never as the provider's frame. Its HTML is the stored element's
 * figure with its address, title and still; the server writes the rest of the element again on
 * save, and asks the provider for a title and still the figure has not got yet.
 */

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    embed: {
      /** Inserts the embed of a provider's address after the selection; false for any other address. */
      insertEmbed: (url: string) => ReturnType;
    };
  }
}

const dataAttribute = (name: string) => ({
  default: "",
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`) ?? "",
  renderHTML: (attributes: Record<string, string>) => ({ [`data-${name}`]: attributes[name] ?? "" }),
});

export const EmbedNode = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  draggable: true,
  // Before the link extension: a provider's address pasted alone becomes an embed, not a link.
  priority: 1000,

  addAttributes() {
    return { url: dataAttribute("url"), title: dataAttribute("title"), thumbnail: dataAttribute("thumbnail") };
  },

  parseHTML() {
    return [
      {
        tag: "figure[data-url]",
        getAttrs: (element) => (findEmbed(element.getAttribute("data-url") ?? "") ? null : false),
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }): DOMOutputSpec {
    const embed = findEmbed(String(node.attrs.url));
    const provider = embed?.provider;
    const title = String(node.attrs.title) || String(node.attrs.url);
    const thumbnail = String(node.attrs.thumbnail);
    const still: DOMOutputSpec[] = thumbnail ? [["img", { src: thumbnail, alt: "" }]] : [];
    return [
      "figure",
      {
        ...HTMLAttributes,
        class: `${EMBED_CLASSES.figure} embed-${provider?.kind ?? "video"}`,
        "data-embed": provider?.id ?? "",
      },
      // The editor never loads the provider: a label where readers get the button.
      [
        "div",
        { class: EMBED_CLASSES.box },
        ...still,
        ["span", { class: EMBED_CLASSES.load }, provider ? embedLoadLabel(provider) : ""],
      ],
      [
        "figcaption",
        {},
        ["span", { class: "embed-title" }, title],
        " ",
        ["span", { class: "embed-provider" }, provider?.name ?? ""],
      ],
    ];
  },

  addCommands() {
    return {
      insertEmbed:
        (url) =>
        ({ chain, state }) => {
          const embed = findEmbed(url);
          if (!embed) return false;
          return chain()
            .insertContentAt(state.selection.to, { type: this.name, attrs: { url: embed.url } })
            .run();
        },
    };
  },

  addProseMirrorPlugins() {
    const type = this.type;
    return [
      new Plugin({
        key: new PluginKey("embedPaste"),
        props: {
          /** A provider's address pasted alone into an empty paragraph: that paragraph becomes its embed. */
          handlePaste(view, event) {
            const text = event.clipboardData?.getData("text/plain").trim() ?? "";
            const embed = /\s/.test(text) ? null : findEmbed(text);
            const { $from, empty } = view.state.selection;
            if (!embed || !empty || $from.parent.type.name !== "paragraph" || $from.parent.content.size > 0)
              return false;
            const node = type.create({ url: embed.url });
            view.dispatch(view.state.tr.replaceWith($from.before(), $from.after(), node).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
