import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Broadsheet: news, analysis and long reads" },
  { name: "description", content: "Broadsheet brings you world news, national stories, technology and travel." },
];

export default function Home() {
  return (
    <section aria-labelledby="home-heading" className="py-8">
      <h1 id="home-heading" className="font-serif text-4xl font-bold">
        Today on Broadsheet
      </h1>
      <p className="mt-3 max-w-2xl text-gray-600">
        The front page is being typeset: the latest stories, category blocks and features arrive with the reader site.
      </p>
    </section>
  );
}
