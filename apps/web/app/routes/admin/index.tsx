import { redirect } from "react-router";

// SPEC.md: the admin area opens on its Home screen.
export function loader() {
  return redirect("/admin/home");
}
