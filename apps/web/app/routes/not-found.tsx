import { data } from "react-router";
import { NotFoundScreen } from "../components/not-found-screen";

// Any URL no other route claims: the root layout (top bar, footer) with the 404 screen.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
