import { redirect } from "react-router";

// docs/product.md#3-url-scheme: the admin area opens on its Home screen.
export function loader() {
  return redirect("/admin/home");
}
