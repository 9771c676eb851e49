import { responsiveImage } from "@broadsheet/domain";
import { useState } from "react";

/** The post's images: the chosen one large, thumbnails to switch; each with its caption (also its alt text), or the title. */
export function Gallery({ images, alts, title }: { images: string[]; alts: string[]; title: string }) {
  const [active, setActive] = useState(0);
  const shown = images[active] ? active : 0;
  const current = images[shown];
  if (!current) return null;
  return (
    // The figure is the image shown with its caption; the thumbnails that switch it follow it.
    <div className="mt-6">
      <figure>
        <div className="overflow-hidden rounded-xl bg-gray-100">
          <img
            {...responsiveImage(current, "(min-width: 1024px) 800px, 100vw", 960)}
            alt={alts[shown] || title}
            width={1200}
            height={675}
            fetchPriority="high"
            decoding="async"
            className="aspect-[16/9] w-full object-cover"
          />
        </div>
        {alts[shown] ? <figcaption className="mt-2 text-sm text-gray-600">{alts[shown]}</figcaption> : null}
      </figure>
      {images.length > 1 ? (
        <ul aria-label="Gallery" className="mt-3 grid grid-cols-5 gap-2 sm:gap-3">
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === active}
                onClick={() => setActive(index)}
                className={`block w-full overflow-hidden rounded-md ring-offset-2 transition ${
                  index === active ? "ring-2 ring-brand-600" : "opacity-70 hover:opacity-100"
                }`}
              >
                <img
                  {...responsiveImage(src, "160px", 320)}
                  alt=""
                  loading="lazy"
                  width={200}
                  height={125}
                  className="aspect-[16/10] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
