import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Field } from ".";

/* Fields rendered in jsdom and found by label and role, as a reader finds them. */

describe("Field", () => {
  it("labels its control and is described by its hint", () => {
    render(<Field kind="text" id="tagline" name="tagline" label="Tagline" hint="Under the name on the home page." />);
    const input = screen.getByLabelText("Tagline");
    expect(input).toHaveProperty("name", "tagline");
    expect(input).toHaveProperty("type", "text");
    expect(input.getAttribute("aria-describedby")).toBe("tagline-hint");
    expect(document.getElementById("tagline-hint")?.textContent).toBe("Under the name on the home page.");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("with an error is invalid and described by the hint and the error", () => {
    render(<Field kind="email" id="email" name="email" label="Email" hint="Your login." error="Enter an e-mail." />);
    const input = screen.getByLabelText("Email");
    expect(input).toHaveProperty("type", "email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-hint email-error");
    expect(document.getElementById("email-error")?.textContent).toBe("Enter an e-mail.");
  });

  it("is marked invalid when the form's error is about it, with nothing more said below it", () => {
    render(<Field kind="text" id="name" name="name" label="Name" invalid />);
    const input = screen.getByLabelText("Name");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });

  it("renders every input kind the screens use as its type", () => {
    const kinds = ["url", "tel", "number", "date", "time", "datetime-local"] as const;
    render(
      <div>
        {kinds.map((kind) => (
          <Field key={kind} kind={kind} id={kind} name={kind} label={`A ${kind} field`} />
        ))}
      </div>,
    );
    for (const kind of kinds) expect(screen.getByLabelText(`A ${kind} field`)).toHaveProperty("type", kind);
  });

  it("renders a text area, a select of its options and a file input", () => {
    render(
      <>
        <Field kind="textarea" id="about" name="about" label="About text" rows={3} defaultValue="Local news" />
        <Field
          kind="select"
          id="zone"
          name="timeZone"
          label="Time zone"
          defaultValue="Europe/Paris"
          options={[
            { value: "UTC", label: "UTC" },
            { value: "Europe/Paris", label: "Europe/Paris" },
          ]}
        />
        <Field kind="file" id="photo" name="photo" label="Choose photo" accept="image/png" hint="PNG." />
      </>,
    );
    expect(screen.getByLabelText("About text").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("About text")).toHaveProperty("value", "Local news");
    const select = screen.getByLabelText("Time zone");
    expect(select).toHaveProperty("value", "Europe/Paris");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["UTC", "Europe/Paris"]);
    const file = screen.getByLabelText("Choose photo");
    expect(file).toHaveProperty("type", "file");
    expect(file.getAttribute("aria-describedby")).toBe("photo-hint");
  });

  it("renders a checkbox before its label, its hint read with it", async () => {
    render(
      <Field
        kind="checkbox"
        id="two-factor"
        name="requireTwoFactor"
        label="Require two-factor sign-in"
        hint="For all staff."
      />,
    );
    const box = screen.getByRole("checkbox", { name: /Require two-factor sign-in/ });
    expect(box).toHaveProperty("checked", false);
    await userEvent.click(screen.getByText("Require two-factor sign-in"));
    expect(box).toHaveProperty("checked", true);
  });

  it("a password is labelled, and once scripts run its toggle shows and hides it", async () => {
    render(<Field kind="password" id="pw" name="password" label="Password" defaultValue="s3cret" />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveProperty("type", "password");

    await userEvent.click(await screen.findByRole("button", { name: "Show password" }));
    expect(input).toHaveProperty("type", "text");
    const hide = screen.getByRole("button", { name: "Hide password" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    expect(hide.getAttribute("aria-controls")).toBe("pw");

    await userEvent.click(hide);
    expect(input).toHaveProperty("type", "password");
  });

  it("a password without its toggle is a plain password input", () => {
    render(<Field kind="password" toggle={false} id="pw" name="password" label="Password" />);
    expect(screen.getByLabelText("Password")).toHaveProperty("type", "password");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
