import type { FieldSpec } from "../ui/field";

/*
 * The account fields of Register, Profile and Reset, defined once: a screen gives each its id
 * and value. Keyed by the form field's name.
 */
export const ACCOUNT_FIELDS = {
  name: { kind: "text", name: "name", label: "Name", autoComplete: "name" },
  // No autocapitalisation or spell check, shown in lower case.
  email: {
    kind: "email",
    name: "email",
    label: "Email",
    autoComplete: "email",
    autoCapitalize: "none",
    spellCheck: false,
    placeholder: "you@example.com",
    className: "lowercase",
  },
  phone: { kind: "tel", name: "phone", label: "Phone", autoComplete: "tel" },
  address: { kind: "text", name: "address", label: "Address", autoComplete: "address-line1" },
  state: { kind: "text", name: "state", label: "State", autoComplete: "address-level1" },
  country: { kind: "text", name: "country", label: "Country", autoComplete: "country-name" },
  password: { kind: "password", name: "password", label: "Password", autoComplete: "new-password" },
  confirmPassword: {
    kind: "password",
    name: "confirmPassword",
    label: "Confirm Password",
    toggleNoun: "confirm password",
    autoComplete: "new-password",
  },
} as const satisfies Record<string, FieldSpec>;
