import { CommentInputSchema, MESSAGES, UpdateProfileInputSchema } from "@broadsheet/domain";
import { describe, expect, it } from "vitest";
import { checkRegistration } from "../account/account-forms";
import { check } from "./check";
import { formList, formText, formTexts } from "./form-data";

function formOf(entries: [string, string | Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("form data", () => {
  const form = formOf([
    ["name", "Ada"],
    ["photo", new Blob(["x"])],
    ["image", " /media/a.webp "],
    ["image", ""],
    ["image", "/media/b.webp"],
  ]);

  it("reads text fields as strings, missing fields and files as empty", () => {
    expect(formText(form, "name")).toBe("Ada");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "photo")).toBe("");
    expect(formTexts(form, ["name", "missing"])).toEqual({ name: "Ada", missing: "" });
  });

  it("lists the non-empty values of a repeated field, trimmed", () => {
    expect(formList(form, "image")).toEqual(["/media/a.webp", "/media/b.webp"]);
  });
});

describe("check", () => {
  it("answers the parsed value", () => {
    expect(check(CommentInputSchema, { comment: " Fine " }, MESSAGES.commentRequired)).toEqual({
      ok: true,
      value: { comment: "Fine" },
    });
  });

  it("refuses with the schema's first message and names the field", () => {
    const checked = check(CommentInputSchema, { comment: "   " }, "fallback");
    expect(checked).toEqual({
      ok: false,
      message: MESSAGES.commentRequired,
      fieldErrors: { comment: MESSAGES.commentRequired },
    });
  });

  it("keys a nested issue by the form field it comes from", () => {
    const checked = check(
      UpdateProfileInputSchema,
      { name: "", phone: "", address: { address: "", state: "", country: "" } },
      "fallback",
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.fieldErrors)).toContain("name");
  });

  it("keeps the account forms' own rules ahead of the schema", () => {
    const form = formOf([
      ["name", "Ada Lovelace"],
      ["email", "ada@example.com"],
      ["password", "secret-one"],
      ["confirmPassword", "secret-two"],
    ]);
    expect(checkRegistration(form)).toEqual({
      ok: false,
      message: MESSAGES.passwordsDoNotMatch,
      fieldErrors: { confirmPassword: MESSAGES.passwordsDoNotMatch },
    });
    form.set("confirmPassword", "");
    expect(checkRegistration(form)).toEqual({ ok: false, message: MESSAGES.allFieldsRequired, fieldErrors: {} });
  });
});
