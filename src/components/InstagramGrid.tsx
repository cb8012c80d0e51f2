import type { InstagramPost } from '../api/types.ts';
import { InstagramIcon } from './icons.tsx';
import { ContentImage } from './ContentImage.tsx';

const likes = new Intl.NumberFormat('fr-FR');

/**
 * Instagram posts as a square grid; each links to the post on Instagram. `eager`: how many of the first posts are
 * on the first screen (loaded at once, the first with high priority); none where the grid is further down.
 */
export function InstagramGrid({
  posts,
  captions = false,
  eager = 0,
}: {
  posts: readonly InstagramPost[];
  captions?: boolean;
  eager?: number;
}) {
  return (
    <ul className="instagram-grid grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
      {posts.map((post, index) => (
        <li key={post.id} className="instagram-post">
          <a href={post.permalink} rel="noopener noreferrer" target="_blank" className="group relative block overflow-hidden rounded-xl">
            <ContentImage
              image={post.image}
              sizes="(min-width: 1600px) 16vw, (min-width: 768px) 25vw, 50vw"
              eager={index < eager}
              priority={index === 0 && eager > 0}
              className="aspect-square h-auto w-full object-cover transition duration-300 group-hover:scale-105"
            />
            <span className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-gradient-to-t from-encre/90 to-transparent p-2 pt-8 text-xs font-bold text-white">
              <InstagramIcon size={14} />
              {likes.format(post.likes)} j'aime
            </span>
          </a>
          {captions ? <p className="mt-2 line-clamp-2 text-sm text-encre/80">{post.caption}</p> : null}
        </li>
      ))}
    </ul>
  );
}
