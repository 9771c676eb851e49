import { formatMonthYear, htmlToText, shortenText } from "@broadsheet/domain";
import { ExternalLink } from "lucide-react";
import { useSite } from "../../lib/site";
import type { Advert, Loaded } from "./home-data";

/** The description of an advert for its image's alt text: its content as plain words. */
function advertText(advert: Advert): string {
  const text = htmlToText(advert.content);
  return text ? shortenText(text, 100) : "Sponsored link";
}

/**
 * The masthead: the brand title over a row of up to 4 "Advert Top" adverts, each opening
 * its sponsor's site in a new tab (docs/product.md#home). No adverts, no row.
 */
export function AdvertHeader({ adverts, now }: { adverts: Loaded<Advert[]>; now: string }) {
  const items = adverts.ok ? adverts.data : [];
  const site = useSite();
  const edition = formatMonthYear(now);
  return (
    <div className="border-b-4 border-double border-ink pb-5">
      <div className="flex flex-col items-center gap-1 text-center">
        <p className="text-[0.7rem] font-semibold uppercase tracking-[0.3em] text-gray-600">
          <span className="hidden sm:inline">Independent journalism · </span>
          {edition} edition
        </p>
        <h1 id="masthead-title" className="font-serif text-5xl font-black tracking-tight text-ink sm:text-6xl">
          {site?.logo ? (
            <img src={site.logo} alt={site.siteName} height={64} className="mx-auto h-16 w-auto" />
          ) : (
            (site?.siteName ?? "Broadsheet")
          )}
        </h1>
        {site?.tagline ? <p className="font-serif text-sm italic text-gray-600">{site.tagline}</p> : null}
      </div>
      {items.length > 0 ? (
        <section aria-label="Advertisements" className="mt-5">
          <p className="mb-1.5 text-right text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-gray-600">
            Advertisement
          </p>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {items.map((advert) => (
              <li key={advert._id}>
                <a
                  href={advert.link}
                  target="_blank"
                  rel="noopener noreferrer sponsored"
                  className="group relative block aspect-[4/1] overflow-hidden rounded border border-gray-200 bg-gray-100 shadow-sm transition hover:shadow-md"
                  data-advert=""
                >
                  {advert.image[0] ? (
                    <img
                      src={advert.image[0]}
                      alt={advertText(advert)}
                      width={728}
                      height={180}
                      loading="lazy"
                      decoding="async"
                      className="h-full w-full object-cover transition duration-300 group-hover:opacity-90"
                    />
                  ) : (
                    <span className="flex h-full items-center justify-center px-2 text-center text-xs font-semibold text-gray-700">
                      {advertText(advert)}
                    </span>
                  )}
                  <span className="sr-only"> (advertisement, opens in a new tab)</span>
                  <span
                    aria-hidden="true"
                    className="absolute right-1 top-1 inline-flex items-center gap-0.5 rounded bg-white/90 px-1 text-[0.6rem] font-bold uppercase text-gray-700"
                  >
                    Ad <ExternalLink className="h-2.5 w-2.5" />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
