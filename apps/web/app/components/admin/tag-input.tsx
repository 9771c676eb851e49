import { MAX_TAGS_PER_POST, TAG_NAME_MAX_LENGTH, TAG_SUGGESTIONS, tagsApi, uniqueTagNames } from "@broadsheet/domain";
import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { fetchEndpoint } from "../../lib/api-client";
import { inputClass } from "../ui/input-class";

/*
 * The post editor's Tags field (docs/product/tags.md): type a name, Enter or a comma adds it as
 * a chip; existing tags starting with what is typed are suggested in a listbox (arrow keys, Enter
 * or a click). Each chip is a hidden `tags` field; the text box is one too, so a name typed but
 * not added, or typed without scripts ("a, b"), is saved as well.
 */

/** Waits this long after the last key before asking for suggestions. */
const SUGGEST_DELAY_MS = 150;

function useSuggestions(text: string, chosen: readonly string[]): string[] {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const prefix = text.trim();
  useEffect(() => {
    if (!prefix) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const result = await fetchEndpoint(tagsApi.list, { query: { search: prefix, limit: TAG_SUGGESTIONS } });
      if (current && result.ok) setSuggestions(result.data.items.map((tag) => tag.name));
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [prefix]);
  const taken = new Set(chosen.map((name) => name.toLowerCase()));
  return prefix ? suggestions.filter((name) => !taken.has(name.toLowerCase())) : [];
}

export function TagInput({ initialTags }: { initialTags: readonly string[] }) {
  const id = useId();
  const [tags, setTags] = useState<string[]>([...initialTags]);
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(text, tags);
  const open = suggestions.length > 0;
  const full = tags.length >= MAX_TAGS_PER_POST;

  function add(names: string[]) {
    const cleaned = names.map((name) => name.replace(/\s+/g, " ").trim()).filter(Boolean);
    setTags((current) => uniqueTagNames([...current, ...cleaned]).slice(0, MAX_TAGS_PER_POST));
    setText("");
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && open) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === "Enter" || event.key === ",") {
      const picked = suggestions[active];
      if (!picked && !text.trim()) return;
      // Enter adds the tag rather than sending the form.
      event.preventDefault();
      add([picked ?? text]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setText("");
    } else if (event.key === "Backspace" && text === "" && tags.length > 0) {
      setTags((current) => current.slice(0, -1));
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        Tags
      </label>
      {tags.length > 0 ? (
        <ul aria-label="Tags of this post" className="mt-1.5 flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag.toLowerCase()}
              className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-1 pl-2.5 text-sm text-ink"
            >
              {tag}
              <input type="hidden" name="tags" value={tag} />
              <button
                type="button"
                onClick={() => setTags((current) => current.filter((item) => item !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full p-0.5 text-gray-600 hover:bg-gray-200 hover:text-ink"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative mt-1.5">
        <input
          id={id}
          name="tags"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-suggestions`}
          aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          maxLength={TAG_NAME_MAX_LENGTH * 4}
          disabled={full}
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            // A comma typed or pasted ends a tag.
            if (value.includes(",")) {
              const parts = value.split(",");
              add(parts.slice(0, -1));
              setText(parts.at(-1) ?? "");
            } else {
              setText(value);
              setActive(-1);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(-1)}
          placeholder={full ? "" : "Add a tag"}
          className={inputClass}
        />
        <div
          id={`${id}-suggestions`}
          role="listbox"
          aria-label="Suggested tags"
          hidden={!open}
          className="absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((name, index) => (
            <div
              key={name}
              id={`${id}-option-${index}`}
              role="option"
              // Focus stays in the text box (aria-activedescendant); -1 keeps options out of the tab order.
              tabIndex={-1}
              aria-selected={index === active}
              // Chosen before the text box loses focus.
              onMouseDown={(event) => {
                event.preventDefault();
                add([name]);
              }}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? "bg-brand-600 text-white" : "text-ink hover:bg-gray-100"}`}
            >
              {name}
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
        {full
          ? `A post can have at most ${MAX_TAGS_PER_POST} tags.`
          : "Press Enter or type a comma to add a tag; existing tags are suggested as you type."}
      </p>
    </div>
  );
}
